// A small closed-loop load generator: N workers each send the next request as soon as the last
// one answered, for a fixed time. Exact percentiles from every recorded latency.

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Requests, requests per second and exact percentiles of every latency recorded in `seconds`. */
export function latencySummary(latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export function summarize(latencies, seconds, errors, statuses) {
  return { ...latencySummary(latencies, seconds), errors, statuses };
}

/** Runs `request(workerIndex)` (returns a status code) from `connections` workers for `seconds`. */
export async function load({ connections, seconds, request }) {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const status = await request(worker);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 500) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  return summarize(latencies, seconds, errors, statuses);
}
