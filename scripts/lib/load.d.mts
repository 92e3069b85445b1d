export interface LoadSummary {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
}
export function percentile(sorted: number[], p: number): number;
export function summarize(
  latencies: number[],
  seconds: number,
  errors: number,
  statuses: Record<string, number>,
): LoadSummary;
export function load(options: {
  connections: number;
  seconds: number;
  request: (worker: number) => Promise<number>;
}): Promise<LoadSummary>;
