export function freePort(): Promise<number>;
export function startThrowawayPostgres(options?: { maxConnections?: number }): Promise<{
  url: string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
}>;
