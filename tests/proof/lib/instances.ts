import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAppServer, type AppServer } from "../../../scripts/lib/app-server.mjs";
import { startThrowawayPostgres } from "../../../scripts/lib/throwaway-postgres.mjs";

export interface Instances {
  servers: AppServer[];
  /** The shared PostgreSQL's URL (undefined on PGlite). */
  postgresUrl?: string;
  stop(): Promise<void>;
}

/**
 * The built server as a deployment runs it: on PGlite one instance on a fresh data directory (an
 * embedded database belongs to one process); on PostgreSQL two instances on one throwaway
 * database, started one after the other (the first one migrates and seeds).
 */
export async function startInstances(engine: "pglite" | "postgres", name: string): Promise<Instances> {
  const BUILD_DIR = process.env.BUILD_DIR ?? "build";
  if (engine === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), `proof-${name}-`));
    const server = await startAppServer({ env: { DATA_DIR: dataDir, BUILD_DIR }, stdio: "pipe" });
    return {
      servers: [server],
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const postgres = await startThrowawayPostgres();
  const servers: AppServer[] = [];
  for (let n = 0; n < 2; n++)
    servers.push(await startAppServer({ env: { DATABASE_URL: postgres.url, BUILD_DIR }, stdio: "pipe" }));
  return {
    servers,
    postgresUrl: postgres.url,
    async stop() {
      for (const server of servers) await server.stop();
      await postgres.stop();
    },
  };
}
