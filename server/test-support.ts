// Tests of the Express app: a stand-in React Router build, and a request sent as written.
import http from "node:http";
import type { ServerBuild } from "react-router";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with exactly the headers given (no client adds Origin or Sec-Fetch-* of its own). */
export function rawRequest(url: URL, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/**
 * A React Router server build with one resource route, `/probe`, whose module the test gives, and a
 * document entry that answers "document". Enough for the Express app in front of it.
 */
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
