// CPU profile of the production server under SSR load, summarised:
//   BUILD_DIR=build node scripts/bench/profile.mjs [/products] [seconds=10] [pglite|postgres]
//   PROFILE_SIGNED_IN=1 …: the same page with a signed-in member's session cookie.
//   PROFILE_CART=1 …: with a visitor's cart cookie (two of a product), as the bench's /cart.
// Starts `node --cpu-prof server.mjs`, loads one page with 16 connections, stops the server
// (the profile is written on exit) and prints the top self/total time.
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { signInViaHook, startAppServer } from "../lib/app-server.mjs";
import { startThrowawayPostgres } from "../lib/throwaway-postgres.mjs";
import { cartCookie } from "./pages.mjs";
import { measureUrl } from "./ssr-load.mjs";

const [page = "/products", seconds = "10", engine = "pglite"] = process.argv.slice(2);
const profileDir = await mkdtemp(path.join(os.tmpdir(), "behappy-prof-"));
const postgres = engine === "postgres" ? await startThrowawayPostgres() : null;
const dataDir = path.join(profileDir, "data");
try {
  const server = await startAppServer({
    env: postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir },
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
    stdio: "inherit",
  });
  const headers = process.env.PROFILE_SIGNED_IN
    ? { Cookie: await signInViaHook(server.base, `profile-${Date.now()}@example.com`) }
    : process.env.PROFILE_CART
      ? { Cookie: await cartCookie(server.base) }
      : {};
  await measureUrl({ url: server.base + page, headers, connections: 16, seconds: 2 }); // warm-up
  const result = await measureUrl({ url: server.base + page, headers, connections: 16, seconds: Number(seconds) });
  console.log(
    `${page} on ${engine}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
  );
  await server.stop();
  const [file] = (await readdir(profileDir)).filter((name) => name.endsWith(".cpuprofile"));
  console.log(
    execFileSync(
      process.execPath,
      ["scripts/bench/cpuprofile-summary.mjs", path.join(profileDir, file), "40", seconds],
      { encoding: "utf8" },
    ),
  );
} finally {
  await postgres?.stop();
  if (!process.env.KEEP_PROFILE) await rm(profileDir, { recursive: true, force: true });
  else console.log(`profile kept in ${profileDir}`);
}
