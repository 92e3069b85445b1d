import { createHash, randomBytes } from "node:crypto";
import { link, readdir, readFile, rm, writeFile } from "node:fs/promises";
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
 *
 * Race-free for processes starting at the same instant: the lock appears complete or not at all
 * (written to a private file, then hard-linked into place, which fails if a lock exists), and a
 * stale lock is removed only by the one process that exclusively created the takeover marker named
 * after that stale lock's content; every other contender tries again and meets the winner's lock.
 */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}. Stop that server first, or start this one with another DATA_DIR.`,
    );
    this.name = "DataDirInUseError";
  }
}

const LOCK_NAME = "behappy.lock";
const MARKER_PREFIX = `${LOCK_NAME}.takeover-`;

export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, LOCK_NAME);
  const draft = path.join(dataDir, `${LOCK_NAME}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  await writeFile(draft, formatLock(process.pid));
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await linkExclusive(draft, lockPath)) {
        return async () => {
          await rm(lockPath, { force: true });
          await removeMarkers(dataDir);
        };
      }
      const text = await readFile(lockPath, "utf8").catch(() => null);
      if (text === null) continue; // removed in the meantime: try again
      const owner = parseLock(text);
      if (owner && isLockOwnerRunning(owner)) throw new DataDirInUseError(dataDir, owner.pid);
      await takeOverStale(lockPath, text);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  } finally {
    await rm(draft, { force: true });
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

async function linkExclusive(from: string, to: string) {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Removes the stale lock (or marker) `file` with content `text` if this process wins the takeover
 * marker named after that content. PID and start time never come back, so a contender that read
 * the same stale content cannot remove it too, and can never remove a fresh lock taken after it.
 * A marker left by a process that died during its takeover is itself taken over the same way.
 */
async function takeOverStale(file: string, text: string, depth = 0): Promise<void> {
  const marker = `${file}.takeover-${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
  try {
    await writeFile(marker, formatLock(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const markerText = await readFile(marker, "utf8").catch(() => null);
    const markerOwner = markerText === null ? null : parseLock(markerText);
    // A live process is taking it over (or already has): leave it to that one.
    if (markerText === null || (markerOwner && isLockOwnerRunning(markerOwner)) || depth > 5) return;
    return takeOverStale(marker, markerText, depth + 1);
  }
  if ((await readFile(file, "utf8").catch(() => null)) === text) await rm(file, { force: true });
}

/** Markers of taken-over locks, left until the lock's clean release (they are a few bytes each). */
async function removeMarkers(dataDir: string) {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(MARKER_PREFIX)).map((n) => rm(path.join(dataDir, n), { force: true })),
  );
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
