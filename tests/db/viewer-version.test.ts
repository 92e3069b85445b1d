// public.viewer_version: the number every app instance re-reads to know that what it remembers of
// signed-in viewers (session owner, admin role, membership prices; app/server/members/
// viewer-cache.server.ts) may be out of date. Ending sessions, changing an account's e-mail,
// deleting it, and every write to memberships, plans or roles must move it; signing in must not.
import { expect, it } from "vitest";
import { describeEngines } from "./engines";
import { counterVersion, expectQuietAndServerOnly } from "./version-counters";

describeEngines("viewer version", (engine) => {
  const version = () => counterVersion(engine(), "viewer_version");
  const newSession = async (userId: string) =>
    (
      await engine().query<{ id: string }>(
        "insert into auth.sessions (user_id, not_after) values ($1, now() + interval '1 day') returning id",
        [userId],
      )
    )[0].id;

  it("stays for a sign-in (new session, last sign-in time), moves when sessions end", async () => {
    const user = await engine().createUser(`viewer-version-${Date.now()}@example.com`);
    const start = await version();
    const session = await newSession(user);
    await engine().query("update auth.users set last_sign_in_at = now() where id = $1", [user]);
    expect(await version()).toBe(start);
    // Sign-out, and the password change or reset that ends every session of the account.
    await engine().query("delete from auth.sessions where id = $1", [session]);
    expect(await version()).toBe(start + 1);
    await newSession(user);
    await engine().query("delete from auth.sessions where user_id = $1", [user]);
    expect(await version()).toBe(start + 2);
  });

  it("moves when an account's e-mail changes or the account is deleted", async () => {
    const user = await engine().createUser(`viewer-version-mail-${Date.now()}@example.com`);
    await newSession(user);
    const start = await version();
    await engine().query("update auth.users set email = $2 where id = $1", [user, `neu-${Date.now()}@example.com`]);
    expect(await version()).toBe(start + 1);
    await engine().query("delete from auth.users where id = $1", [user]);
    expect(await version()).toBeGreaterThan(start + 1);
  });

  it("moves with memberships, plans and admin roles, also when written as the admin viewer", async () => {
    const member = await engine().createUser(`viewer-version-member-${Date.now()}@example.com`);
    const start = await version();
    await engine().query("insert into public.memberships (user_id, plan) values ($1, 'lifetime')", [member]);
    expect(await version()).toBe(start + 1);
    await engine().query("update public.membership_plans set name = name");
    expect(await version()).toBe(start + 2);
    const admin = await engine().createUser(`viewer-version-admin-${Date.now()}@example.com`);
    await engine().makeAdmin(admin);
    expect(await version()).toBe(start + 3);
    const seen = await engine()
      .asViewer("authenticated", admin)
      .tx(async (q) => {
        await q.query("select public.admin_set_membership($1, 'end', null, 'Test')", [member]);
        return Number(
          (await q.query<{ version: string }>("select version from public.viewer_version")).rows[0].version,
        );
      });
    expect(seen).toBe(start + 4);
    expect(await version()).toBe(start + 4);
  });

  it("stays for orders, catalogue writes and rolled-back writes; nobody but the server writes it", () =>
    expectQuietAndServerOnly(engine(), "viewer_version", "update public.products set title = title"));
});
