import { describe, expect, it } from "vitest";
import { CoalescingStream } from "~/server/http/coalescing-stream.server";

function collect(stream: CoalescingStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("CoalescingStream", () => {
  it("passes everything written between two flushes on as one chunk", async () => {
    const stream = new CoalescingStream();
    const chunks = collect(stream);
    stream.write("<html>");
    stream.write("<body>");
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual([]);
    stream.flush();
    stream.write("<p>später</p>");
    stream.flush();
    stream.flush(); // nothing pending: no empty chunk
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(["<html><body>", "<p>später</p>"]);
  });

  it("sends what is left when the writer ends without a flush, and reports the end once", async () => {
    let finals = 0;
    const stream = new CoalescingStream(() => finals++);
    const chunks = collect(stream);
    const ended = new Promise((r) => stream.on("end", r));
    stream.write("a");
    stream.end("b");
    await ended;
    expect(chunks.join("")).toBe("ab");
    expect(finals).toBe(1);
  });

  it("rewrites the first batch only (the shell)", async () => {
    const stream = new CoalescingStream(undefined, (html) => html.toUpperCase());
    const chunks = collect(stream);
    stream.write("<head>");
    stream.flush();
    stream.write("<p>später</p>");
    stream.flush();
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(["<HEAD>", "<p>später</p>"]);
  });
});
