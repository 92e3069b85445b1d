import { execFile, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { promisify } from "node:util";
import { acquireDataDirLock, formatLock } from "~/server/db/data-dir-lock.server";

let dir: string;
const lockFile = () => path.join(dir, "behappy.lock");

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lock-test-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A process that runs until killed, standing in for another server. */
function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  return { pid: child.pid!, stop: () => new Promise((r) => (child.kill("SIGKILL"), child.once("exit", r))) };
}

describe("DATA_DIR lock", () => {
  it("refuses a second owner while the first one runs, and names it", async () => {
    const other = otherProcess();
    try {
      await writeFile(lockFile(), formatLock(other.pid));
      await expect(acquireDataDirLock(dir)).rejects.toThrow(`is in use by process ${other.pid}`);
      expect(await readFile(lockFile(), "utf8")).toBe(formatLock(other.pid));
    } finally {
      await other.stop();
    }
  });

  it("takes over the lock of a process that was killed", async () => {
    const other = otherProcess();
    await writeFile(lockFile(), formatLock(other.pid));
    await other.stop();
    const release = await acquireDataDirLock(dir);
    expect((await readFile(lockFile(), "utf8")).split(" ")[0]).toBe(String(process.pid));
    await release();
    await expect(readFile(lockFile())).rejects.toThrow();
  });

  it("takes over a lock whose PID now belongs to another process (restarted container)", async () => {
    const other = otherProcess();
    try {
      await writeFile(lockFile(), `${other.pid} 1`);
      const release = await acquireDataDirLock(dir);
      await release();
    } finally {
      await other.stop();
    }
  });

  it("takes over a lock with its own PID (a previous life of this process id)", async () => {
    await writeFile(lockFile(), String(process.pid));
    const release = await acquireDataDirLock(dir);
    await release();
  });

  it("of processes started at the same instant on a stale lock, exactly one wins; the others are refused", async () => {
    const tsx = path.resolve("node_modules/.bin/tsx");
    const contender = path.resolve("app/server/db/fixtures/lock-contender.ts");
    for (let round = 0; round < 2; round++) {
      const dead = otherProcess();
      await writeFile(lockFile(), formatLock(dead.pid));
      await dead.stop();
      const startAt = Date.now() + 2_500;
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () =>
          promisify(execFile)(tsx, [contender, dir, String(startAt)]).then(({ stdout }) => stdout.trim()),
        ),
      );
      expect(outcomes.sort(), `round ${round}`).toEqual(["refused", "refused", "refused", "refused", "won"]);
      // The winner released cleanly: neither the lock nor takeover markers are left.
      expect(await readdir(dir)).toEqual([]);
    }
  }, 60_000);

  it("a takeover marker left by a process killed during its takeover does not block the next start", async () => {
    const dead = otherProcess();
    const stale = formatLock(dead.pid);
    await writeFile(lockFile(), stale);
    const { createHash } = await import("node:crypto");
    const marker = `${lockFile()}.takeover-${createHash("sha256").update(stale).digest("hex").slice(0, 12)}`;
    await writeFile(marker, formatLock(dead.pid));
    await dead.stop();
    const release = await acquireDataDirLock(dir);
    expect((await readFile(lockFile(), "utf8")).split(" ")[0]).toBe(String(process.pid));
    await release();
  });
});
