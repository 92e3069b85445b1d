// A member's catalogue page from the page cache (decision 0023): members who see the shop the same
// way (plan, its end, community prices, admin link) share one render of /, /offers, the lists and
// the detail pages, in which a stand-in takes the place of the member's e-mail. Each answer puts
// the member's own address into the stored bytes; the member's copy, with the hashes of its inline
// scripts in the CSP instead of a nonce, is kept (bounded) and compressed once per encoding. Nothing
// of one member reaches another: the render confirms the view it was keyed by, a page that shows
// the member's real address or id anywhere (a loader that read it directly) is never stored, and a
// copy is keyed by its template, the member's id and address. A member's own dashboard is kept for
// them alone, keyed by them and by the version of every member's data.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { Response } from "express";
import type { MemberView } from "~/server/members/member-view.server";
import { compressForOne, compressible, pickEncoding, withoutNonce } from "./stored-page";

export type { MemberView };

export interface MemberLane {
  /** The cookies that name a signed-in member (their values are never part of a key). */
  cookies: () => readonly string[];
  /** The member asking, if their page may be shared; null renders it for them alone. */
  viewOf: (req: IncomingMessage) => Promise<MemberView | null>;
  /** Renders put this in place of the member's e-mail when `res.locals.memberStandIn` is set. */
  emailStandIn: string;
  /** Called when any write request (not GET or HEAD) has been answered: pages of one's own may have changed. */
  afterWrite?: () => void;
}

const NONCE = /'nonce-([A-Za-z0-9+/=_-]+)'/;

export const nonceOfPolicy = (csp: unknown) => NONCE.exec(String(csp ?? ""))?.[1];

/**
 * A member's stored page as the bytes between its places for the e-mail stand-in and the render's
 * nonce: each answer joins them around the member's address and a fresh nonce, without searching or
 * encoding the page again.
 */
export interface MemberTemplate {
  /** Tells the templates apart for the copies made of them: a retired template's are never asked for. */
  serial: number;
  parts: Buffer[];
  /** What goes between parts[i] and parts[i + 1]. */
  slots: ("email" | "nonce")[];
  nonce: string;
  bytes: number;
  /** Set once its nonce turned out not to become hashes: no copies of it are tried again. */
  nonceOnly?: boolean;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
let lastSerial = 0;

export function memberTemplate(body: string, emailStandIn: string, nonce: string): MemberTemplate {
  const parts: Buffer[] = [];
  const slots: MemberTemplate["slots"] = [];
  let last = 0;
  for (const match of body.matchAll(new RegExp(`${literal(emailStandIn)}|${literal(nonce)}`, "g"))) {
    parts.push(Buffer.from(body.slice(last, match.index)));
    slots.push(match[0] === emailStandIn ? "email" : "nonce");
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(body.slice(last)));
  return { serial: ++lastSerial, parts, slots, nonce, bytes: parts.reduce((sum, part) => sum + part.length, 0) };
}

function join(template: MemberTemplate, email: string, nonce: string) {
  const fill = { email: Buffer.from(email), nonce: Buffer.from(nonce) };
  const pieces: Buffer[] = [template.parts[0]!];
  template.slots.forEach((slot, i) => pieces.push(fill[slot], template.parts[i + 1]!));
  return Buffer.concat(pieces);
}

type Compressed = Partial<Record<"br" | "gzip", Buffer>>;

/**
 * The answer for `body`, compressed in one call when the request accepts it (the compression
 * middleware leaves an encoded answer alone; its stream would cost several times as much), taken
 * from `compressed` when it holds that encoding already, else added to it.
 */
function encoded(
  headers: OutgoingHttpHeaders,
  body: Buffer,
  acceptEncoding: string | string[] | undefined,
  compressed: Compressed = {},
  onCompressed?: (bytes: Buffer) => void,
) {
  const encoding = compressible(headers["content-type"], body)
    ? pickEncoding(Array.isArray(acceptEncoding) ? acceptEncoding.join(", ") : acceptEncoding)
    : undefined;
  // Not acceptable, or not worth compressing: the compression middleware negotiates as for any page
  // (and, with the length known, does not compress below its threshold).
  if (encoding === undefined || encoding === "identity")
    return { headers: { ...headers, "content-length": body.length }, body };
  let bytes = compressed[encoding];
  if (!bytes) {
    bytes = compressed[encoding] = compressForOne(body, encoding);
    onCompressed?.(bytes);
  }
  return {
    headers: {
      ...headers,
      "content-encoding": encoding,
      "content-length": bytes.length,
      vary: headers.vary ? `${String(headers.vary)}, Accept-Encoding` : "Accept-Encoding",
    },
    body: bytes,
  };
}

/**
 * The stored page for one member with a fresh nonce in every place of the stored one: for a page
 * whose nonce cannot become hashes (see `withoutNonce`), so no copy of it is kept.
 */
export function personalise(
  storedHeaders: OutgoingHttpHeaders,
  template: MemberTemplate,
  view: MemberView,
  acceptEncoding?: string | string[],
) {
  const nonce = randomBytes(16).toString("base64");
  const headers = { ...storedHeaders };
  headers["content-security-policy"] = String(headers["content-security-policy"]).replaceAll(
    `'nonce-${template.nonce}'`,
    `'nonce-${nonce}'`,
  );
  return encoded(headers, join(template, view.email, nonce), acceptEncoding);
}

const copyKey = (template: MemberTemplate, view: MemberView) => `${template.serial}\n${view.userId}\n${view.email}`;

interface MemberCopy {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  compressed: Compressed;
  bytes: number;
}

/**
 * Members' own copies of stored pages, at most `maxBytes` of them, the least recently asked for
 * dropped first. A copy has the member's address in its places and, like an anonymous stored page
 * (decision 0019), the sha256 of each inline script in its CSP instead of a nonce: the same bytes
 * each time this member asks, so each encoding is compressed once, not per answer.
 */
export function memberCopies(maxBytes: number) {
  const copies = new Map<string, MemberCopy>();
  let total = 0;
  const drop = (key: string) => {
    total -= copies.get(key)?.bytes ?? 0;
    copies.delete(key);
  };
  const fit = () => {
    for (const key of copies.keys()) {
      if (total <= maxBytes) break;
      drop(key);
    }
  };

  function copyFor(storedHeaders: OutgoingHttpHeaders, template: MemberTemplate, view: MemberView) {
    const key = copyKey(template, view);
    const kept = copies.get(key);
    if (kept) {
      // Most recently asked for last.
      copies.delete(key);
      copies.set(key, kept);
      return kept;
    }
    if (template.nonceOnly) return null;
    const csp = String(storedHeaders["content-security-policy"] ?? "");
    const page = withoutNonce(join(template, view.email, template.nonce), csp, template.nonce);
    if (!page) {
      template.nonceOnly = true;
      return null;
    }
    const copy = {
      headers: { ...storedHeaders, "content-security-policy": page.csp },
      body: page.body,
      compressed: {},
      bytes: page.body.length,
    };
    if (copy.bytes > maxBytes) return copy;
    copies.set(key, copy);
    total += copy.bytes;
    fit();
    return copy;
  }

  return {
    /** What `view`'s member gets from the stored page: their copy, or a fresh nonce if it cannot have one. */
    answer(
      storedHeaders: OutgoingHttpHeaders,
      template: MemberTemplate,
      view: MemberView,
      acceptEncoding?: string | string[],
    ) {
      const copy = copyFor(storedHeaders, template, view);
      if (!copy) return personalise(storedHeaders, template, view, acceptEncoding);
      return encoded(copy.headers, copy.body, acceptEncoding, copy.compressed, (bytes) => {
        // Counted while it is kept (a copy above the bound is answered, never kept).
        if (copies.get(copyKey(template, view)) !== copy) return;
        copy.bytes += bytes.length;
        total += bytes.length;
        fit();
      });
    },
    get bytes() {
      return total;
    },
    clear() {
      copies.clear();
      total = 0;
    },
  };
}

/**
 * Whether a member's render may be kept: for the others of its view (it shows neither their address
 * nor their id), or, a page of their own (`view.personal`), for this member when the route said it
 * is complete and theirs.
 */
export function storable(body: string, view: MemberView, rendered: Record<string, unknown> | undefined) {
  if (rendered?.member !== view.key) return false;
  if (view.personal !== undefined) return rendered.memberPersonal === view.userId;
  return rendered.memberShared === "1" && !body.includes(view.email) && !body.includes(view.userId);
}

/**
 * Holds a member's render until it is complete, then hands its body to `finish`, which stores it if
 * it may and returns what this member gets (the stand-in replaced). The stand-in must never leave
 * the server, so the page is not streamed: React Router has sent the headers by then, the body
 * follows at once.
 */
export function holdBody(res: Response, finish: (body: string) => string) {
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = function (chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== "function") collect(chunk, rest[0]);
    res.write = write;
    res.end = end;
    const body = finish(Buffer.concat(chunks).toString("utf8"));
    return end.call(this, body, "utf8");
  } as Response["end"];
}
