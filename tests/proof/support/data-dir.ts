import { mkdir, rm } from "node:fs/promises";
import path from "node:path";

/** A fresh, empty DATA_DIR under the repo's .tmp/ (git-ignored), removed by `remove()`. */
export async function freshDataDir(name: string) {
  const dir = path.resolve(".tmp", `proof-${name}-${process.pid}-${Date.now()}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
