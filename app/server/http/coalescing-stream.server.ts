import { Transform, type TransformCallback } from "node:stream";

/**
 * Collects what React writes between two of its flushes and passes it on as one chunk.
 *
 * React's Node renderer writes the document in ~2 KB pieces and calls `flush()` on its
 * destination when a batch is complete (the shell, then each streamed Suspense boundary).
 * React Router's Express adapter flushes the response after every chunk it reads, and each
 * flush ends a gzip block: the home page went out as 26 KB of gzip instead of 13 KB. Passing
 * one chunk per React flush keeps the streaming exactly where React wants it and lets the
 * compression see whole batches.
 */
export class CoalescingStream extends Transform {
  private pending: Buffer[] = [];
  private shellSent = false;

  /** `rewriteShell`: applied once, to the first batch (the shell: head and body up to Suspense). */
  constructor(
    private readonly onFinal?: () => void,
    private readonly rewriteShell?: (html: string) => string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  /** React calls this after each completed batch (ReactServerStreamConfigNode's flushBuffered). */
  flush() {
    if (this.pending.length === 0) return;
    let batch = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    if (!this.shellSent && this.rewriteShell) batch = Buffer.from(this.rewriteShell(batch.toString("utf8")));
    this.shellSent = true;
    this.push(batch);
    this.pending = [];
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.onFinal?.();
    callback();
  }
}
