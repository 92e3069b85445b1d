// SSR load through autocannon (cheap on the client side, which matters when client and server
// share 2 cores). Latencies are recorded from every response, so p50/p95/p99 are exact (the
// autocannon summary has no p95). The server's own CPU time is read from /proc around each run:
// CPU milliseconds per request hardly depend on what else the machine is doing, req/s do.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { latencySummary } from "../lib/load.mjs";

let ticksPerSecond;
/** utime + stime of a process in milliseconds (Linux /proc). */
export function cpuMs(pid) {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * One run against `url` for `seconds`: every latency, status counts, transport errors and the
 * server's CPU time (when `pid` is given).
 * @param {{ url: string, headers?: Record<string, string>, connections: number, seconds: number, pid?: number }} options
 */
export function runLoad({ url, headers = {}, connections, seconds, pid }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const cpuBefore = pid ? cpuMs(pid) : 0;
    const instance = autocannon({ url, headers, connections, duration: seconds, timeout: 30 }, (error, result) => {
      if (error) return reject(error);
      resolve({
        seconds,
        latencies,
        statuses,
        failures: result.errors + result.timeouts,
        cpuMs: pid ? cpuMs(pid) - cpuBefore : NaN,
      });
    });
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** Adds up several runs of the same target into req/s, exact percentiles, errors, CPU per request. */
export function summarizeRuns(runs) {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const ok = runs.reduce((sum, r) => sum + (r.statuses[200] ?? 0), 0);
  const cpu = runs.reduce((sum, r) => sum + r.cpuMs, 0);
  return {
    ...latencySummary(latencies, seconds),
    // Anything but a 200 counts as an error: every page under test answers 200.
    errors: latencies.length - ok + runs.reduce((sum, r) => sum + r.failures, 0),
    cpuMsPerRequest: cpu / Math.max(1, latencies.length),
  };
}

/** A single run, summarised (scripts/bench/profile.mjs). */
export async function measureUrl(options) {
  return summarizeRuns([await runLoad(options)]);
}
