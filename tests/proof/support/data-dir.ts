import { cp, mkdir, rm } from "node:fs/promises";
import path from "node:path";

/** A fresh, empty DATA_DIR under the repo's .tmp/ (git-ignored), removed by `remove()`. */
export async function freshDataDir(name: string) {
  const dir = path.resolve(".tmp", `proof-${name}-${process.pid}-${Date.now()}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A copy of a prepared (migrated and seeded, cleanly stopped) DATA_DIR, so each test starts
 * without paying for migrations again.
 */
export async function copiedDataDir(template: string, name: string) {
  const copy = await freshDataDir(name);
  await cp(template, copy.dir, { recursive: true });
  return copy;
}
