// CPU profile of the production server under SSR load, summarised:
//   BUILD_DIR=build node scripts/bench/profile.mjs [/products] [seconds=10] [pglite|postgres]
// Starts `node --cpu-prof server.mjs`, loads one page with 16 connections, stops the server
// (the profile is written on exit) and prints the top self/total time.
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { TEST_SESSION_SECRET } from "../lib/app-server.mjs";
import { freePort, startThrowawayPostgres } from "../lib/throwaway-postgres.mjs";
import { measureUrl } from "./ssr-load.mjs";

const [page = "/products", seconds = "10", engine = "pglite"] = process.argv.slice(2);
const profileDir = await mkdtemp(path.join(os.tmpdir(), "behappy-prof-"));
const postgres = engine === "postgres" ? await startThrowawayPostgres() : null;
const dataDir = path.join(profileDir, "data");
try {
  const server = await startProfiledServer(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir });
  await measureUrl({ url: server.base + page, connections: 16, seconds: 2 }); // warm-up
  const result = await measureUrl({ url: server.base + page, connections: 16, seconds: Number(seconds) });
  console.log(`${page} on ${engine}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`);
  await server.stop();
  const [file] = (await readdir(profileDir)).filter((name) => name.endsWith(".cpuprofile"));
  console.log(execFileSync(process.execPath, ["scripts/bench/cpuprofile-summary.mjs", path.join(profileDir, file), "40", seconds], { encoding: "utf8" }));
} finally {
  await postgres?.stop();
  if (!process.env.KEEP_PROFILE) await rm(profileDir, { recursive: true, force: true });
  else console.log(`profile kept in ${profileDir}`);
}

/** Like startAppServer, but with --cpu-prof (not allowed in NODE_OPTIONS, so it needs its own spawn). */
async function startProfiledServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SESSION_SECRET: TEST_SESSION_SECRET,
      E2E_TEST_HOOKS: "true",
      RATE_LIMIT_MULTIPLIER: "100000",
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > until) throw new Error("profiled server did not start");
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, stop: () => (child.kill("SIGTERM"), exited) };
}
