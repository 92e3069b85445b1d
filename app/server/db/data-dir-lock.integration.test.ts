import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

/**
 * One contender process (fixtures/lock-contender.ts), steered over stdin and read line by line from
 * its stdout: `expect` waits for its next line and checks it.
 */
function contender(dataDir: string) {
  const child = spawn(
    path.resolve("node_modules/.bin/tsx"),
    [path.resolve("app/server/db/fixtures/lock-contender.ts"), dataDir],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const pending: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // A contender that is gone is reported by `expect` (no answer) or `exited`, not by a broken pipe.
  child.stdin.on("error", () => {});
  createInterface({ input: child.stdout }).on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else pending.push(line);
  });
  let closed = false;
  // "close" comes after the last line of stdout (unlike "exit", which may come before it).
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => {
      closed = true;
      resolve(code);
      for (const next of waiting.splice(0)) next(null);
    }),
  );
  return {
    exited,
    send: (line: string) => child.stdin.write(`${line}\n`),
    async expect(pattern: RegExp) {
      const line =
        pending.length > 0
          ? pending.shift()!
          : closed
            ? null
            : await new Promise<string | null>((resolve) => waiting.push(resolve));
      if (line === null) throw new Error(`contender ${child.pid} exited without an answer; stderr: ${stderr}`);
      if (!pattern.test(line)) throw new Error(`contender ${child.pid} said "${line}", expected ${pattern}`);
      return line;
    },
    kill: () => closed || child.kill("SIGKILL"),
  };
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
    for (let round = 0; round < 2; round++) {
      const dead = otherProcess();
      await writeFile(lockFile(), formatLock(dead.pid));
      await dead.stop();
      const contenders = Array.from({ length: 5 }, () => contender(dir));
      try {
        await Promise.all(contenders.map((c) => c.expect(/^ready$/)));
        // All loaded: start them at one instant, a moment ahead so every one is spinning by then.
        const startAt = Date.now() + 200;
        for (const c of contenders) c.send(`go ${startAt}`);
        // The winner holds the lock until every contender has answered, however late one starts.
        const outcomes = await Promise.all(contenders.map((c) => c.expect(/^(won|refused|error) /)));
        const winners = outcomes.filter((line) => line.startsWith("won "));
        expect(outcomes.map((line) => line.split(" ")[0]).sort(), `round ${round}: ${outcomes.join(" | ")}`).toEqual([
          "refused",
          "refused",
          "refused",
          "refused",
          "won",
        ]);
        const winnerPid = winners[0].slice("won ".length);
        for (const line of outcomes.filter((l) => l.startsWith("refused "))) {
          expect(line).toBe(
            `refused DATA_DIR ${dir} is in use by process ${winnerPid}. Stop that server first, or start this one with another DATA_DIR.`,
          );
        }
        contenders[outcomes.indexOf(winners[0])].send("release");
        expect(await Promise.all(contenders.map((c) => c.exited))).toEqual([0, 0, 0, 0, 0]);
      } finally {
        for (const c of contenders) c.kill();
      }
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
