import { createContext } from "react-router";
import type { Viewer } from "./db/db.server";

export interface RequestMeta {
  /** The client address as seen by the HTTP server (behind a trusted proxy: the forwarded one). */
  ip: string;
}

export interface SessionUser {
  id: string;
  email: string;
}

export interface RequestAuth {
  viewer: Viewer;
  user: SessionUser | null;
}

export const requestMetaContext = createContext<RequestMeta>({ ip: "unknown" });
export const authContext = createContext<RequestAuth>();
