import { createContext } from "react-router";
import type { Viewer } from "~/server/db/db.server";

export interface RequestMeta {
  /** The client address as seen by the HTTP server (behind a trusted proxy: the forwarded one). */
  ip: string;
  /** Sent back as X-Request-Id and written on the request's log line. */
  requestId: string;
  /**
   * What the page was rendered for, per cookie the page cache keys by (the cart: its item count);
   * the cache stores a page only when this agrees with its key (server/page-cache.ts).
   */
  renderedKey?: Record<string, string>;
  /** Set when a member's page is rendered to be shared: shown instead of their e-mail (server/member-pages.ts). */
  memberStandIn?: string;
}

export interface SessionUser {
  id: string;
  email: string;
}

export interface RequestAuth {
  viewer: Viewer;
  user: SessionUser | null;
}

export const requestMetaContext = createContext<RequestMeta>({ ip: "unknown", requestId: "" });
export const authContext = createContext<RequestAuth>();
