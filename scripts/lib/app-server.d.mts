import type { ChildProcess } from "node:child_process";

export const TEST_SESSION_SECRET: string;
export function rssMb(pid: number): number;
export interface AppServer {
  base: string;
  port: number;
  pid: number;
  child: ChildProcess;
  startupMs: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function startAppServer(options?: {
  env?: Record<string, string>;
  port?: number;
  stdio?: "inherit" | "ignore" | "pipe";
  timeoutMs?: number;
  nodeArgs?: string[];
  args?: string[];
}): Promise<AppServer>;
export function cookiesOf(response: Response): string;
export function signInViaHook(base: string, email: string, options?: { admin?: boolean }): Promise<string>;
export const FORM_HEADERS: Record<string, string>;
export function formBody(fields: Record<string, string>): string;
