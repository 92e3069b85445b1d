import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/** Only the server's own user may read the embedded database: it holds password hashes and mails. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes DATA_DIR private before the embedded database opens it: the process's umask becomes 077,
 * so every file PGlite, the lock and the session secret create is 0600 and every folder 0700; the
 * directory is created 0700, and an existing tree's looser modes (a database from before, a
 * restore, a copy) are tightened. Returns how many entries it changed, for the start's log line.
 * Symbolic links are left alone (their target is not the database's).
 */
export async function makeDataDirPrivate(dataDir: string): Promise<number> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return tighten(dataDir);
}

async function tighten(entry: string): Promise<number> {
  const stat = await lstat(entry);
  if (stat.isSymbolicLink()) return 0;
  const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  let changed = 0;
  if ((stat.mode & 0o777) !== wanted) {
    await chmod(entry, wanted);
    changed++;
  }
  if (stat.isDirectory()) {
    for (const name of await readdir(entry)) changed += await tighten(path.join(entry, name));
  }
  return changed;
}
