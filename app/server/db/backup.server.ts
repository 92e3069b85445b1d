import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { acquireDataDirLock } from "~/server/db/data-dir-lock.server";
import { makeDataDirPrivate, PRIVATE_FILE_MODE } from "~/server/db/data-dir-modes.server";

/**
 * Backup and restore of the embedded database (PGlite's DATA_DIR) as one .tar.gz file. Both take
 * the DATA_DIR lock, so they refuse while a server runs on it (its refusal names the process):
 * stop the server, back up, start it again. A restore only fills an empty or new DATA_DIR, so it
 * can never overwrite a database; move the old one aside first. The backup holds everything the
 * database does (password hashes, mails), so it is written 0600, and a restored DATA_DIR is private
 * like a new one (data-dir-modes.server.ts).
 */

async function openPGlite(dataDir: string, loadDataDir?: Blob) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
}

export async function backupDataDir(dataDir: string, file: string) {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new Error(`There is no database in DATA_DIR ${dataDir}.`);
  }
  const release = await acquireDataDirLock(dataDir);
  try {
    const pglite = await openPGlite(dataDir);
    const dump = await pglite.dumpDataDir("gzip");
    await pglite.close();
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
    // writeFile's mode applies only to a new file: an older backup of the same name is tightened too.
    await chmod(file, PRIVATE_FILE_MODE);
  } finally {
    await release();
  }
  return file;
}

export async function restoreDataDir(file: string, dataDir: string) {
  const data = await readFile(file);
  await makeDataDirPrivate(dataDir);
  if ((await readdir(dataDir)).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} is not empty. Restore into a new directory, or move the old one aside first.`);
  }
  const release = await acquireDataDirLock(dataDir);
  try {
    const pglite = await openPGlite(dataDir, new Blob([new Uint8Array(data)]));
    // A file that is no PGlite backup fails here, not on the server's next start.
    await pglite.query("select 1 from supabase_migrations.schema_migrations limit 1");
    await pglite.close();
    await makeDataDirPrivate(dataDir);
  } finally {
    await release();
  }
}
