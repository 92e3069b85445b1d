import { open, readFile, rm } from "node:fs/promises";
import path from "node:path";

/**
 * PGlite is one process's database: a second server on the same DATA_DIR would corrupt it.
 * A lock file with the owner's PID makes the second one refuse to start; a lock left by a
 * process that no longer runs (kill -9) is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, "behappy.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number((await readFile(lockPath, "utf8").catch(() => "")).trim());
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${owner}. Stop that server first, or start this one with another DATA_DIR.`,
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
