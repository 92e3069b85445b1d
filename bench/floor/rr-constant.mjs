// Floor (c) of `npm run bench`: a bare React Router app whose document entry answers the bytes the
// real server sent for the page (captured before the run) — React Router's request handling
// (request object, route matching, middleware/loader pipeline, headers) behind Express, and no
// React render at all. Between the static floor (HTTP alone) and the bare route (the same render).
// A hand-made ServerBuild: one root route (no loader) with a splat child, so every path matches.
// env: PORT, HOST, STATIC_FIXTURE = JSON file { "<path>": { "html": "<document>" } }
import { readFileSync } from "node:fs";
import { createRequestHandler } from "@react-router/express";
import express from "express";

const fixture = JSON.parse(readFileSync(process.env.STATIC_FIXTURE, "utf8"));
const pages = new Map(Object.entries(fixture).map(([path, { html }]) => [path, html]));

const Empty = () => null;
const routeAssets = (id, parentId, path) => ({
  id,
  parentId,
  path,
  module: `/assets/${id}.js`,
  imports: [],
  css: [],
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
});

/** The whole "app": the captured document for the request's path. */
function handleDocumentRequest(request) {
  const url = new URL(request.url);
  const html = pages.get(url.pathname + url.search);
  if (html === undefined) return new Response("not captured", { status: 404 });
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

const build = {
  entry: { module: { default: handleDocumentRequest } },
  routes: {
    root: { id: "root", path: "", module: { default: Empty } },
    page: { id: "page", parentId: "root", path: "*", module: { default: Empty } },
  },
  assets: {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: { root: routeAssets("root", undefined, ""), page: routeAssets("page", "root", "*") },
    url: "/assets/manifest.js",
    version: "floor",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  basename: "/",
  future: { v8_middleware: true },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
};

const app = express();
app.disable("x-powered-by");
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
