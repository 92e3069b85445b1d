// A throwaway PostgreSQL 15 server for tests and benchmarks: temp dir, random free port, loopback
// only, fsync off. Missing binaries are an error, never a silent skip.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PG_BIN =
  process.env.PG_BIN ?? (existsSync("/usr/local/bin/initdb") ? "/usr/local/bin" : "/usr/lib/postgresql/15/bin");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: run the server as `postgres` then. */
function asPostgres(bin, args) {
  const exe = path.join(PG_BIN, bin);
  const isRoot = process.getuid?.() === 0;
  return execFileSync(isRoot ? "runuser" : exe, isRoot ? ["-u", "postgres", "--", exe, ...args] : args, {
    stdio: "pipe",
  });
}

/** The same, without blocking the event loop (a test keeps sending requests meanwhile). */
function asPostgresAsync(bin, args) {
  const exe = path.join(PG_BIN, bin);
  const isRoot = process.getuid?.() === 0;
  return promisify(execFile)(isRoot ? "runuser" : exe, isRoot ? ["-u", "postgres", "--", exe, ...args] : args);
}

/** @returns {Promise<{ url: string, port: number, dir: string, stop: () => Promise<void>, halt: (options?: { mode?: "smart" | "fast" | "immediate" }) => Promise<void>, startAgain: () => Promise<void> }>} */
export async function startThrowawayPostgres({ maxConnections = 200, port: fixedPort } = {}) {
  for (const bin of ["initdb", "pg_ctl"]) {
    if (!existsSync(path.join(PG_BIN, bin))) {
      throw new Error(
        `PostgreSQL binary ${path.join(PG_BIN, bin)} not found. Install PostgreSQL 15 (apt-get install -y postgresql) or set PG_BIN.`,
      );
    }
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "behappy-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  await chmod(dir, 0o755);
  // A fixed port lets a caller on a shared machine stay inside the ports it was given.
  const port = fixedPort ?? (await freePort());
  asPostgres("initdb", [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
    "--no-sync",
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    `-c max_connections=${maxConnections}`,
  ].join(" ");
  const startArgs = ["-D", dataDir, "-w", "-l", logFile, "-o", options, "start"];
  const startFailed = (error) => new Error(`PostgreSQL did not start (log: ${logFile}): ${error.message}`);
  try {
    asPostgres("pg_ctl", startArgs);
  } catch (error) {
    throw startFailed(error);
  }
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      asPostgres("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already gone
    }
  };
  // A crashed or interrupted run must not leave a server behind.
  process.once("exit", stopNow);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    /** Stops the server and removes its data: the end of the throwaway. */
    stop: async () => {
      stopNow();
      process.removeListener("exit", stopNow);
      await rm(dir, { recursive: true, force: true });
    },
    /** Takes the server down (an outage), keeping its data, port and URL for `startAgain()`. */
    halt: async ({ mode = "fast" } = {}) => {
      // pg_ctl's modes: "smart" waits for clients, "fast" disconnects them, "immediate" aborts.
      await asPostgresAsync("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "stop"]);
    },
    /** Starts the halted server again on the same port and data. */
    startAgain: async () => {
      await asPostgresAsync("pg_ctl", startArgs).catch((error) => {
        throw startFailed(error);
      });
    },
  };
}
