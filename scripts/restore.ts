/**
 * Restores a backup into an empty (or new) DATA_DIR:  DATA_DIR=./.data npm run restore -- FILE
 * Never overwrites a database: move the old DATA_DIR aside first. Then start the server.
 */
import { restoreDataDir } from "../app/server/db/backup.server";
import { env } from "../app/server/env.server";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run restore -- <file.tar.gz>   (into DATA_DIR, which must be empty or new)");
    process.exit(2);
  }
  if (env().DATABASE_URL) throw new Error("DATABASE_URL is set: restore PostgreSQL with pg_restore (see README).");
  await restoreDataDir(file, env().DATA_DIR);
  console.log(`Restored ${file} into DATA_DIR ${env().DATA_DIR}.`);
}

main().catch((error: Error) => {
  console.error(`restore: ${error.message}`);
  process.exitCode = 1;
});
