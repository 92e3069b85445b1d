// Tests: a React Router server build with one resource route, `/probe`, whose module the test
// gives, and a document entry that answers "document". Enough for the Express app in front of it.
import type { ServerBuild } from "react-router";

export function standInBuild(probe: Record<string, unknown>): ServerBuild {
  return {
    entry: { module: { default: () => new Response("document") } },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/probe": { id: "routes/probe", parentId: "root", path: "probe", module: probe },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
