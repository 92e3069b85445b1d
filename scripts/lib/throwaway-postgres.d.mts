export function freePort(): Promise<number>;
export function startThrowawayPostgres(options?: { maxConnections?: number; port?: number }): Promise<{
  url: string;
  port: number;
  dir: string;
  /** Stops the server and removes its data. */
  stop: () => Promise<void>;
  /** Takes the server down (pg_ctl stop, default mode "fast"), keeping data, port and URL. */
  halt: (options?: { mode?: "smart" | "fast" | "immediate" }) => Promise<void>;
  /** Starts a halted server again on the same port and data. */
  startAgain: () => Promise<void>;
}>;
