// What a page becomes when the page cache (./page-cache.ts) keeps it: bytes that are the same for
// every visitor, so they can be compressed once and may be kept by a CDN too.
// docs/decisions/0019-hashed-csp-for-stored-pages.md.
//
// The miss was rendered with a per-response CSP nonce. A nonce that is replayed to everyone is no
// nonce: anyone could read it and use it for an injected script. So the stored copy loses it — the
// `nonce="…"` attributes leave the body, and in `script-src` the nonce is replaced by a sha256 of
// each inline script that carried it. Those hashes allow exactly the scripts the server rendered
// with the nonce — markup injected into a page without it stays refused, on a hit as on the miss —
// and external scripts stay allowed by 'self'.
import { createHash } from "node:crypto";
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/**
 * A `<script …>…</script>` element as the HTML parser reads it: attributes may hold quoted `>`,
 * the content ends at the first `</script` followed by a space, `/` or `>`.
 */
const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script[\s/>]/gi;
const SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/**
 * Data blocks the browser never runs (CSP does not apply to them; JSON-LD is one). Every other type
 * is hashed, also the inert `text/x-deferred-module`: app/lib/deferred-module.ts turns a copy of
 * its text into a real module script later, and the CSP decides on that copy by its hash.
 */
const DATA_BLOCKS = new Set(["application/ld+json", "application/json"]);
/** The directives a script nonce may stand in; anywhere else (styles) the page is not stored. */
const SCRIPT_DIRECTIVES = new Set(["script-src", "script-src-elem"]);

/**
 * `'sha256-…'` of every inline script the browser may run and that carries `nonce="<nonce>"`, in
 * document order, each once.
 */
export function inlineScriptHashes(body: Buffer, nonce: string): string[] {
  // latin1 maps byte to character one to one: the hashed bytes are exactly the sent ones.
  const html = body.toString("latin1");
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes) || !attributes.includes(` nonce="${nonce}"`)) continue;
    const type = TYPE.exec(attributes);
    if (type && DATA_BLOCKS.has((type[1] ?? type[2] ?? type[3] ?? "").trim().toLowerCase())) continue;
    // The parser turns CR LF and lone CR into LF before a script sees its text; so must the hash.
    const text = Buffer.from(content.replace(/\r\n?/g, "\n"), "latin1");
    hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...hashes];
}

/** Every occurrence of `separator` cut out of `body` (never decoded, so never altered otherwise). */
function without(body: Buffer, separator: string): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator, from); at >= 0; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + Buffer.byteLength(separator);
  }
  if (from === 0) return body;
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

/**
 * The page rendered with `nonce` as it is stored: body without the nonce, CSP with the hashes of
 * its inline scripts instead. Null when the nonce is used for something other than scripts, or
 * shows up in the body other than as a `nonce` attribute: such a page is served, not stored.
 */
export function withoutNonce(body: Buffer, csp: string, nonce: string): { body: Buffer; csp: string } | null {
  const stored = without(body, ` nonce="${nonce}"`);
  // Anywhere else (inside a script's text, say) the hashes of the original would not match.
  if (stored.includes(nonce)) return null;
  const source = `'nonce-${nonce}'`;
  let hashes: string[] | undefined;
  const directives: string[] = [];
  for (const directive of csp.split(";")) {
    const tokens = directive.trim().split(/\s+/);
    if (tokens.includes(source)) {
      if (!SCRIPT_DIRECTIVES.has(tokens[0]!.toLowerCase())) return null;
      // Taken from the rendered body, where the nonce still tells the server's scripts apart.
      hashes ??= inlineScriptHashes(body, nonce);
      tokens.splice(tokens.indexOf(source), 1, ...hashes);
    }
    if (tokens[0]) directives.push(tokens.join(" "));
  }
  return { body: stored, csp: directives.join("; ") };
}

export type Encoding = "br" | "gzip" | "identity";

/**
 * The variant to send for an Accept-Encoding header, among those `available` (q-values read as RFC
 * 9110 §12.5.3 says): the highest weight wins, brotli before gzip before identity when equal.
 * Undefined when none is acceptable, or the header is not understood (Express answers those).
 */
export function pickEncoding(
  accept: string | undefined,
  available: readonly Encoding[] = ["br", "gzip", "identity"],
): Encoding | undefined {
  if (accept === undefined) return "identity";
  const weights = new Map<string, number>();
  for (const member of accept.split(",")) {
    const [coding = "", ...parameters] = member.split(";");
    const name = coding.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const q = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter);
      if (!q) return undefined;
      weight = Number(q[1]);
    }
    weights.set(name, Math.max(weight, weights.get(name) ?? 0));
  }
  const any = weights.get("*");
  // Unlisted, identity is still acceptable (RFC 9110), but last: the client named what it prefers.
  const weightOf = (coding: Encoding) => weights.get(coding) ?? any ?? (coding === "identity" ? Number.MIN_VALUE : 0);
  let best: Encoding | undefined;
  for (const coding of available)
    if (weightOf(coding) > 0 && (best === undefined || weightOf(coding) > weightOf(best))) best = coding;
  return best;
}

/** Below this, compression gains less than its header costs (the compression middleware's threshold). */
const MIN_COMPRESSIBLE_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(?:[\w.+-]*\+)?(?:xml|json|javascript))/i;

export const compressible = (contentType: unknown, body: Buffer) =>
  body.length >= MIN_COMPRESSIBLE_BYTES && COMPRESSIBLE.test(String(contentType ?? ""));

/** gzip at its best level: about 2 ms for a 150 KB page, done while storing. */
export const gzipOnce = (body: Buffer) => gzipSync(body, { level: zlib.Z_BEST_COMPRESSION });

/**
 * Bytes for one answer, compressed in one call at the compression middleware's own levels (brotli
 * 4, gzip 6): a member's page from the store differs per member, so it cannot be compressed once
 * for everyone, but one call on the whole body costs a fraction of the middleware's stream, which
 * works in 16 KB pieces through the thread pool.
 */
export function compressForOne(body: Buffer, encoding: Exclude<Encoding, "identity">): Buffer {
  if (encoding === "gzip") return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 4,
      // A 256 KB window holds any page the store keeps whole; the default 4 MB costs an allocation each time.
      [zlib.BROTLI_PARAM_LGWIN]: 18,
    },
  });
}

/**
 * Brotli at its best quality: about 130–190 ms for a 110–150 KB page, far too long for the event
 * loop, so it runs on libuv's thread pool; the entry answers with gzip until it is there.
 */
export function brotliOnce(body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    brotliCompress(
      body,
      {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      (error, compressed) => (error ? reject(error) : resolve(compressed)),
    ),
  );
}
