import { spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { backupDataDir, restoreDataDir } from "~/server/db/backup.server";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { formatLock } from "~/server/db/data-dir-lock.server";

/** Backup → restore into a fresh DATA_DIR: the same orders, members and mails come back. */
let dir: string;

beforeAll(async () => {
  process.env.LOG_SILENT = "true";
  dir = await mkdtemp(path.join(os.tmpdir(), "backup-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function open(dataDir: string) {
  const handle = await openDatabase({ dataDir, seed: true, localShim: true });
  await handle.runner.exec("reset role");
  return handle;
}

/** Every mode in a tree, as "dir 700" / "file 600" with how often it occurs. */
async function modesIn(root: string): Promise<Record<string, number>> {
  const modes: Record<string, number> = {};
  const visit = async (entry: string) => {
    const info = await stat(entry);
    const key = `${info.isDirectory() ? "dir" : "file"} ${(info.mode & 0o777).toString(8)}`;
    modes[key] = (modes[key] ?? 0) + 1;
    if (info.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(root);
  return modes;
}

/** Only the owner may read or write: every folder 0700, every file 0600. */
function expectPrivate(modes: Record<string, number>) {
  expect(Object.keys(modes).sort()).toEqual(["dir 700", "file 600"]);
}

/** What an operator would compare: every order with its items, members, mails (and their state). */
async function snapshot(handle: DatabaseHandle) {
  const q = <T>(sql: string) => handle.runner.query<T>(sql);
  return {
    orders: await q(
      `select o.id, o.customer_email, o.total_amount, o.status,
              (select json_agg(json_build_object('title', i.item_title, 'quantity', i.quantity) order by i.item_title)
                 from public.order_items i where i.order_id = o.id) as items
         from public.orders o order by o.id`,
    ),
    members: await q(
      `select u.email, u.encrypted_password, p.first_name, r.role
         from auth.users u join public.profiles p on p.id = u.id left join public.user_roles r on r.user_id = u.id
        order by u.email`,
    ),
    mails: await q(`select to_address, subject, status, attempts, message_id from public.mail_outbox order by id`),
  };
}

it("data in → backup → restore into a fresh DATA_DIR → the same orders, members and mails", async () => {
  const source = path.join(dir, "source");
  const handle = await open(source);
  const [user] = await handle.runner.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data)
     values ('mia@example.com', 'argon2-hash', '{"first_name":"Mia"}') returning id`,
  );
  await handle.runner.exec(`insert into public.user_roles (user_id, role) values ('${user.id}', 'admin')`);
  await handle.runner.exec(`
    select set_config('role', 'authenticated', false),
           set_config('request.jwt.claims', '{"sub":"${user.id}","role":"authenticated"}', false);
    select public.place_order(gen_random_uuid(),
      '{"first_name":"Mia","last_name":"Muster","email":"mia@example.com","street":"Weg 1","zipcode":"12345","city":"Köln","country":"Deutschland"}',
      '[{"item_id":"b0000000-0000-4000-8000-000000000001","item_type":"product","quantity":2}]');
    reset role;
    insert into public.mail_outbox (to_address, subject, text_body, status, attempts)
    values ('mia@example.com', 'Deine Bestellung', 'Danke', 'queued', 3),
           ('mia@example.com', 'Willkommen', 'Hallo', 'sent', 1);`);
  const before = await snapshot(handle);
  expect(before.orders).toHaveLength(1);
  expect(before.members.map((m) => (m as { email: string }).email)).toContain("mia@example.com");
  expect(before.mails).toHaveLength(2);

  await handle.close();
  // The first start made DATA_DIR private: it holds password hashes and mails (with their links).
  expectPrivate(await modesIn(source));

  // While a server runs on the DATA_DIR (here: a stand-in process holding the lock) the backup
  // refuses instead of copying a database in use.
  const file = path.join(dir, "backup.tar.gz");
  const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  await writeFile(path.join(source, "behappy.lock"), formatLock(server.pid!));
  await expect(backupDataDir(source, file)).rejects.toThrow(`in use by process ${server.pid}`);
  await new Promise((resolve) => (server.kill("SIGKILL"), server.once("exit", resolve)));
  await writeFile(file, "an older backup of the same name, readable by all", { mode: 0o644 });
  await backupDataDir(source, file);
  expect(((await stat(file)).mode & 0o777).toString(8)).toBe("600");

  const target = path.join(dir, "restored");
  await restoreDataDir(file, target);
  await expect(restoreDataDir(file, target)).rejects.toThrow(/is not empty/);
  expectPrivate(await modesIn(target));
  const restored = await open(target);
  try {
    expect(await snapshot(restored)).toEqual(before);
  } finally {
    await restored.close();
  }
}, 120_000);

it("an existing DATA_DIR with loose modes (0666/0777, as the audit found) is made private when it opens", async () => {
  const dataDir = path.join(dir, "loose");
  await (await open(dataDir)).close();
  const loosen = async (entry: string) => {
    const info = await stat(entry);
    await chmod(entry, info.isDirectory() ? 0o777 : 0o666);
    if (info.isDirectory()) for (const name of await readdir(entry)) await loosen(path.join(entry, name));
  };
  await loosen(dataDir);
  expect((await modesIn(dataDir))["file 666"]).toBeGreaterThan(100);
  await (await open(dataDir)).close();
  expectPrivate(await modesIn(dataDir));
}, 120_000);
