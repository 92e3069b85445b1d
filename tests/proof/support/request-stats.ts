import { percentile } from "../../../scripts/lib/load.mjs";

/** What a load test saw, per kind of request: status counts, latencies, network errors. */
export class RequestStats {
  readonly statuses: Record<string, Record<number, number>> = {};
  readonly latencies: number[] = [];
  readonly networkErrors: { kind: string; message: string }[] = [];
  private readonly started = performance.now();

  record(kind: string, status: number, ms: number) {
    const byStatus = (this.statuses[kind] ??= {});
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    this.latencies.push(ms);
  }

  fail(kind: string, error: unknown, ms: number) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    this.networkErrors.push({
      kind,
      message: `${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause})` : ""}`,
    });
    this.latencies.push(ms);
  }

  count(kind?: string) {
    const kinds = kind ? [kind] : Object.keys(this.statuses);
    return kinds.reduce((sum, k) => sum + Object.values(this.statuses[k] ?? {}).reduce((a, b) => a + b, 0), 0);
  }

  /** Every answer with a 5xx status, as "kind status×count". */
  serverErrors() {
    return Object.entries(this.statuses).flatMap(([kind, byStatus]) =>
      Object.entries(byStatus)
        .filter(([status]) => Number(status) >= 500)
        .map(([status, n]) => `${kind} ${status}×${n}`),
    );
  }

  summary(label: string) {
    const seconds = (performance.now() - this.started) / 1000;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const kinds = Object.keys(this.statuses)
      .map((kind) => `${kind} ${this.count(kind)}`)
      .join(", ");
    return (
      `${label}: ${this.count()} requests in ${seconds.toFixed(0)} s (${kinds}); ` +
      `${(this.count() / seconds).toFixed(1)} req/s, p50 ${percentile(sorted, 50)?.toFixed(0)} ms, ` +
      `p95 ${percentile(sorted, 95)?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms, network errors ${this.networkErrors.length}`
    );
  }
}
