// Starts the production build (`node server.mjs`) as a child process for benchmarks and the
// proof tests (load, crash, hostile input, quality): free port, loopback only, waits for the
// first 200 from /healthz. The caller picks the database through env (DATA_DIR or DATABASE_URL).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { freePort } from "./throwaway-postgres.mjs";

export const TEST_SESSION_SECRET = "proof-secret-proof-secret-proof-secret-1";

export function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

/**
 * @param {{ env?: Record<string, string>, port?: number, stdio?: "inherit" | "ignore" | "pipe", timeoutMs?: number, nodeArgs?: string[], args?: string[] }} [options]
 *   nodeArgs: flags for node itself, e.g. --cpu-prof (not allowed in NODE_OPTIONS).
 *   args: for server.mjs, e.g. ["--dev"] for the development server (`npm run dev`).
 */
export async function startAppServer({
  env = {},
  port,
  stdio = "ignore",
  timeoutMs = 60_000,
  nodeArgs = [],
  args = [],
} = {}) {
  port ??= await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, "server.mjs", ...args], {
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
    stdio: [
      "ignore",
      stdio === "pipe" ? "pipe" : "ignore",
      stdio === "pipe" ? "pipe" : stdio === "inherit" ? "inherit" : "ignore",
    ],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw Object.assign(new Error(`server exited during start-up (code ${child.exitCode}): ${output}`), { output });
    }
    if (performance.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /healthz within ${timeoutMs} ms: ${output}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    port,
    pid: child.pid,
    child,
    startupMs: Math.round(performance.now() - started),
    output: () => output,
    exited,
    /** Sends the signal (default SIGTERM) and resolves with the exit code and signal. */
    stop: (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export function cookiesOf(response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A member session through the test hook (E2E_TEST_HOOKS): creates the account when needed. */
export async function signInViaHook(base, email, { admin = false } = {}) {
  const response = await fetch(`${base}/__e2e/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "proof-password-123", admin }),
  });
  if (!response.ok) throw new Error(`sign-in hook: ${response.status}`);
  return cookiesOf(response);
}

export const FORM_HEADERS = { "Content-Type": "application/x-www-form-urlencoded" };
export const formBody = (fields) => new URLSearchParams(fields).toString();
