// SSR load through autocannon (cheap on the client side, which matters when client and server
// share 2 cores). Latencies are recorded from every response, so p50/p95/p99 are exact (the
// autocannon summary has no p95).
import autocannon from "autocannon";
import { percentile } from "../lib/load.mjs";

/**
 * @param {{ url: string, headers?: Record<string, string>, connections: number, seconds: number }} options
 * @returns {Promise<{ requests: number, rps: number, p50: number, p95: number, p99: number, errors: number, statuses: Record<string, number> }>}
 */
export function measureUrl({ url, headers = {}, connections, seconds }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon(
      { url, headers, connections, duration: seconds, timeout: 30 },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        // Anything but a 200 counts as an error: every page under test answers 200.
        const non200 = latencies.length - (statuses[200] ?? 0);
        resolve({
          requests: latencies.length,
          rps: latencies.length / seconds,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          errors: non200 + result.errors + result.timeouts,
          statuses,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}
