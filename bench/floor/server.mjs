// Floor (a) of `npm run bench`: a bare React Router route that renders the same markup from
// constants — no database, no session, no cookies.
//
// Design: rather than a second app that copies the page components (and drifts from them), this
// server loads the SAME production build as the app (BUILD_DIR) and swaps every route's loader for
// one that returns the loader data captured from the real server (the `.data` single-fetch
// payload of each page, decoded once at start). The root's middleware (auth) is dropped, the
// database is never opened (no `startup()`), and cookies are ignored. What is left is exactly
// React Router's request handling plus React's SSR of the same component tree, with the same
// entry (nonce, CSP), the same asset manifest and the same Express app as server.mjs
// (createApp in server/express-app.ts: request log, compression, security headers, static files)
// — the framework floor the app's own work is measured against.
//
// env: BUILD_DIR (default build), PORT, HOST, FLOOR_FIXTURE = JSON file
//   { "<path>": { "data": "<turbo-stream text of GET <path>.data>" } }
import { readFileSync } from "node:fs";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const server = await import(new URL(`../../${BUILD_DIR}/server/index.js`, import.meta.url).href);
const build = await server.serverBuild();

/** path → route id → loader data, decoded from the captured single-fetch payloads. */
const fixture = JSON.parse(readFileSync(process.env.FLOOR_FIXTURE, "utf8"));
const loaderData = new Map();
for (const [path, { data }] of Object.entries(fixture)) {
  const decoded = await decodeViaTurboStream(new Blob([data]).stream(), globalThis);
  await decoded.done;
  const byRoute = {};
  for (const [routeId, result] of Object.entries(decoded.value)) byRoute[routeId] = result.data;
  loaderData.set(path, byRoute);
}

const pathOf = (request) => {
  const url = new URL(request.url);
  return url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") + url.search.replace(/[?&]_routes=[^&]*/, "");
};
const routes = Object.fromEntries(
  Object.entries(build.routes).map(([id, route]) => {
    const { middleware: _auth, loader, action: _action, ...module } = route.module;
    const constantLoader = loader
      ? ({ request }) => {
          const data = loaderData.get(pathOf(request))?.[id];
          if (data === undefined) throw new Response("not captured", { status: 404 });
          return data;
        }
      : undefined;
    return [id, { ...route, module: { ...module, loader: constantLoader } }];
  }),
);

// The same per-page critical CSS as the app (server/app.ts start), or the markup would differ.
if (!server.loadCriticalCss(BUILD_DIR)) throw new Error(`no critical.css in ${BUILD_DIR}: npm run build`);
const app = server.createApp({ mode: "production", build: { ...build, routes }, clientDir: `${BUILD_DIR}/client` });
app.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
