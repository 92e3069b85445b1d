/**
 * Backs up the embedded database:  npm run backup -- backups/behappy-2026-11-24.tar.gz
 * Stop the server first (the DATA_DIR lock refuses while it runs). For PostgreSQL or Supabase
 * (DATABASE_URL) use pg_dump instead, see the README.
 */
import { backupDataDir } from "../app/server/db/backup.server";
import { env } from "../app/server/env.server";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run backup -- <file.tar.gz>   (DATA_DIR from the environment, default ./.data)");
    process.exit(2);
  }
  if (env().DATABASE_URL) throw new Error("DATABASE_URL is set: back up PostgreSQL with pg_dump (see README).");
  await backupDataDir(env().DATA_DIR, file);
  console.log(`Backed up DATA_DIR ${env().DATA_DIR} to ${file}.`);
}

main().catch((error: Error) => {
  console.error(`backup: ${error.message}`);
  process.exitCode = 1;
});
