// A member's catalogue page from the page cache (decision 0023): members who see the shop the same
// way (plan, its end, community prices, admin link) share one render of /, /offers, the lists and
// the detail pages, in which a stand-in takes the place of the member's e-mail. Each answer puts
// the member's own address and a fresh nonce into the stored bytes. Nothing of one member reaches
// another: the render confirms the view it was keyed by, and a page that shows the member's real
// address or id anywhere (a loader that read it directly) is never stored. A member's own dashboard
// is kept for them alone, keyed by them and by the version of every member's data.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { Response } from "express";
import type { MemberView } from "~/server/members/member-view.server";
import { compressForOne, compressible, pickEncoding } from "./stored-page";

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
  parts: Buffer[];
  /** What goes between parts[i] and parts[i + 1]. */
  slots: ("email" | "nonce")[];
  nonce: string;
  bytes: number;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

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
  return { parts, slots, nonce, bytes: parts.reduce((sum, part) => sum + part.length, 0) };
}

/**
 * The stored page for one member: their address for the stand-in, a fresh nonce for the stored one,
 * compressed in one call when the request accepts it (the compression middleware leaves an encoded
 * answer alone; its stream would cost several times as much).
 */
export function personalise(
  storedHeaders: OutgoingHttpHeaders,
  template: MemberTemplate,
  view: MemberView,
  acceptEncoding?: string | string[],
) {
  const nonce = randomBytes(16).toString("base64");
  const headers = { ...storedHeaders };
  headers["content-security-policy"] = String(headers["content-security-policy"]).replace(
    `'nonce-${template.nonce}'`,
    `'nonce-${nonce}'`,
  );
  const fill = { email: Buffer.from(view.email), nonce: Buffer.from(nonce) };
  const pieces: Buffer[] = [template.parts[0]!];
  template.slots.forEach((slot, i) => pieces.push(fill[slot], template.parts[i + 1]!));
  const body = Buffer.concat(pieces);
  const encoding = compressible(headers["content-type"], body)
    ? pickEncoding(Array.isArray(acceptEncoding) ? acceptEncoding.join(", ") : acceptEncoding)
    : undefined;
  // Not acceptable, or not worth compressing: the compression middleware negotiates as for any page
  // (and, with the length known, does not compress below its threshold).
  if (encoding === undefined || encoding === "identity")
    return { headers: { ...headers, "content-length": body.length }, body };
  const encoded = compressForOne(body, encoding);
  headers["content-encoding"] = encoding;
  headers["content-length"] = encoded.length;
  headers.vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : "Accept-Encoding";
  return { headers, body: encoded };
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
