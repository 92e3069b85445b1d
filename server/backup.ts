/**
 * Backup and restore of the embedded database, run from the server build (scripts/command.mjs):
 *   npm run backup -- backups/behappy.tar.gz      (stop the server first: the DATA_DIR lock refuses)
 *   DATA_DIR=./.data npm run restore -- FILE      (into an empty or new DATA_DIR, never over a database)
 * For PostgreSQL or Supabase (DATABASE_URL) use pg_dump / pg_restore instead, see docs/operations.md.
 */
import { backupDataDir, restoreDataDir } from "~/server/db/backup.server";
import { env } from "~/server/platform/env.server";

export function runBackupCommand(args: string[]) {
  return run("backup", args[0], async (file) => {
    await backupDataDir(env().DATA_DIR, file);
    console.log(`Backed up DATA_DIR ${env().DATA_DIR} to ${file}.`);
  });
}

export function runRestoreCommand(args: string[]) {
  return run("restore", args[0], async (file) => {
    await restoreDataDir(file, env().DATA_DIR);
    console.log(`Restored ${file} into DATA_DIR ${env().DATA_DIR}.`);
  });
}

/** Resolves with the process exit code: 0 done, 1 failed (message without a stack), 2 usage. */
async function run(name: "backup" | "restore", file: string | undefined, work: (file: string) => Promise<void>) {
  if (!file) {
    console.error(`Usage: npm run ${name} -- <file.tar.gz>   (DATA_DIR from the environment, default ./.data)`);
    return 2;
  }
  try {
    if (env().DATABASE_URL) {
      const tool = name === "backup" ? "pg_dump" : "pg_restore";
      throw new Error(`DATABASE_URL is set: use ${tool} for PostgreSQL (see docs/operations.md).`);
    }
    await work(file);
    return 0;
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
