// The three floors every SSR figure of `npm run bench` stands next to, measured in the same run:
// (a) bench/floor/server.mjs — the same build and components, loaders replaced by constants
//     captured from the real server (no database, no session, no cookies);
// (c) bench/floor/rr-constant.mjs — a bare React Router app whose document entry answers the
//     captured bytes (React Router's request handling behind Express, no render);
// (b) bench/floor/static-server.mjs — node:http answering with the bytes the real server sent.
// Pages are keyed by path and query (`/products?as=member` is the signed-in view of /products).
// All run as their own process, like the app, so client and server share the cores the same way.
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { TEST_SESSION_SECRET } from "../lib/app-server.mjs";
import { freePort } from "../lib/throwaway-postgres.mjs";

/** The single-fetch URL of a page: `/` is `/_root.data`, `/products` is `/products.data`. */
const dataUrl = (page) => {
  const [path, query] = page.split("?");
  return `${path === "/" ? "/_root" : path}.data${query ? `?${query}` : ""}`;
};

/**
 * Captures, for each page, the document and its loader data from the running app.
 * @param {string} base
 * @param {{ path: string, headers: Record<string, string> }[]} pages
 */
export async function capturePages(base, pages) {
  const captured = {};
  for (const { path: page, headers } of pages) {
    const html = await fetchText(base + page, headers);
    const data = await fetchText(base + dataUrl(page), headers);
    captured[page] = { html, data };
  }
  return captured;
}

async function fetchText(url, headers) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`capture ${url}: ${response.status}`);
  return response.text();
}

/** Starts the three floors on the captured pages; stop() ends them. */
export async function startFloors(captured, workDir) {
  const fixture = path.join(workDir, "floor-fixture.json");
  await writeFile(fixture, JSON.stringify(captured));
  const bare = await startNodeServer("bench/floor/server.mjs", {
    FLOOR_FIXTURE: fixture,
    SESSION_SECRET: TEST_SESSION_SECRET,
  });
  const framework = await startNodeServer("bench/floor/rr-constant.mjs", { STATIC_FIXTURE: fixture });
  const fixed = await startNodeServer("bench/floor/static-server.mjs", { STATIC_FIXTURE: fixture });
  return {
    bare,
    framework,
    static: fixed,
    stop: () => Promise.all([bare.stop(), framework.stop(), fixed.stop()]),
  };
}

/**
 * Floor (b) with the client build's files and extra document headers: what Lighthouse measures
 * for the same bytes without the app (scripts/bench-lighthouse.mjs).
 */
export async function startStaticFloor(captured, workDir, { assetsDir, headers = {} }) {
  const fixture = path.join(workDir, "lighthouse-fixture.json");
  await writeFile(fixture, JSON.stringify(captured));
  return startNodeServer("bench/floor/static-server.mjs", {
    STATIC_FIXTURE: fixture,
    STATIC_ASSETS: assetsDir,
    STATIC_HEADERS: JSON.stringify(headers),
  });
}

async function startNodeServer(script, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited during start-up`);
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`${script} did not start`);
    }
    try {
      await fetch(base + "/");
      break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    pid: child.pid,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
