import { open, readFile, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is one process's database: a second server on the same DATA_DIR would corrupt it.
 * A lock file with the owner's PID makes the second one refuse to start; a lock left by a
 * process that no longer runs (kill -9, power loss, container restart) is taken over.
 *
 * The lock also records when its owner started (Linux /proc), because a restarted container
 * hands out the same small PIDs again: a live process with the recorded PID but another start
 * time is a stranger, and the lock is stale.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, "behappy.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(formatLock(process.pid));
      await handle.close();
      return async () => {
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = parseLock(await readFile(lockPath, "utf8").catch(() => ""));
      if (owner && isLockOwnerRunning(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${owner.pid}. Stop that server first, or start this one with another DATA_DIR.`,
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot, when the platform tells. */
  startTime?: string;
}

/** "pid" or "pid startTime" (older lock files hold the PID only). */
export function formatLock(pid: number) {
  const startTime = processStartTime(pid);
  return startTime ? `${pid} ${startTime}` : String(pid);
}

export function parseLock(text: string): LockOwner | null {
  const [pid, startTime] = text.trim().split(/\s+/);
  const owner = Number(pid);
  if (!Number.isInteger(owner) || owner <= 0) return null;
  return startTime ? { pid: owner, startTime } : { pid: owner };
}

export function isLockOwnerRunning({ pid, startTime }: LockOwner) {
  if (pid === process.pid) return false; // our own PID again: a previous life of this container
  if (!isRunning(pid)) return false;
  const stat = processStat(pid);
  if (stat?.state === "Z") return false; // killed, not yet reaped by its parent
  return !startTime || !stat || stat.startTime === startTime;
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat; the command name before them may hold spaces. */
function processStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return undefined;
  }
}

const processStartTime = (pid: number) => processStat(pid)?.startTime;
