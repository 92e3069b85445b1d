// Members' profile upsert (what the dashboard relies on) and a change of address, on both engines.
// export_my_data and delete_my_account: members-export.test.ts and members-delete.test.ts;
// register_participant: register-participant.test.ts.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail } from "./engines";
import { EVENT } from "./orders-fixtures";
import { confirmEmail, seedPersonalData, type MemberExport } from "./members-fixtures";

describeEngines("members: profile upsert", (engine) => {
  let member: string;
  let other: string;
  beforeAll(async () => {
    member = await engine().createUser(uniqueEmail("profile"));
    other = await engine().createUser(uniqueEmail("profile-other"));
  });

  const upsert = (viewer: string, id: string, city: string) =>
    engine()
      .asViewer("authenticated", viewer)
      .query(
        `insert into public.profiles (id, first_name, last_name, city) values ($1, '', '', $2)
         on conflict (id) do update set city = excluded.city, updated_at = now()`,
        [id, city],
      );

  it("recreates a missing own profile and updates an existing one (updated_at set)", async () => {
    await engine().query("delete from public.profiles where id = $1", [member]);
    await upsert(member, member, "Köln");
    await upsert(member, member, "Bonn");
    const [row] = await engine().query<{ city: string; updated_at: Date | null }>(
      "select city, updated_at from public.profiles where id = $1",
      [member],
    );
    expect(row.city).toBe("Bonn");
    expect(row.updated_at).not.toBeNull();
  });

  it("profiles.email is always the account e-mail, whatever the member writes, and follows an account change", async () => {
    const address = uniqueEmail("own");
    const owner = await engine().createUser(address);
    const stranger = uniqueEmail("stranger");
    const asOwner = engine().asViewer("authenticated", owner);
    await asOwner.query("update public.profiles set email = $1 where id = $2", [stranger, owner]);
    await engine().query("delete from public.profiles where id = $1", [owner]);
    await asOwner.query("insert into public.profiles (id, first_name, last_name, email) values ($1, '', '', $2)", [
      owner,
      stranger,
    ]);
    await asOwner.query(
      `insert into public.profiles (id, first_name, last_name, email) values ($1, '', '', $2)
       on conflict (id) do update set email = excluded.email`,
      [owner, stranger],
    );
    const emailOf = async () =>
      (await engine().query<{ email: string | null }>("select email from public.profiles where id = $1", [owner]))[0]
        .email;
    expect(await emailOf()).toBe(address);
    // The account's own address changes (on Supabase: its confirmed e-mail change): the profile follows.
    const changed = uniqueEmail("changed");
    await engine().query("update auth.users set email = $1 where id = $2", [changed, owner]);
    expect(await emailOf()).toBe(changed);
  });

  it("cannot write another member's profile", async () => {
    const denied = await errorOf(upsert(member, other, "Hamburg"));
    expect(denied.code).toBe("42501");
    const [row] = await engine().query<{ city: string | null }>("select city from public.profiles where id = $1", [
      other,
    ]);
    expect(row.city).toBeNull();
  });
});

describeEngines("members: a change of address", (engine) => {
  const changeAddress = (userId: string, to: string) =>
    engine().query("update auth.users set email = $2, email_confirmed_at = now() where id = $1", [userId, to]);
  const rowsAt = async (address: string) => {
    const [counts] = await engine().query<Record<string, number>>(
      `select
         (select count(*)::int from public.newsletter_subscriptions where lower(email) = lower($1)) as newsletter,
         (select count(*)::int from public.contact_messages where lower(email) = lower($1)) as messages,
         (select count(*)::int from public.waitlist_entries where lower(email) = lower($1)) as waitlist`,
      [address],
    );
    return counts;
  };
  const waitAs = (address: string) =>
    engine().query(
      `insert into public.waitlist_entries (item_id, item_type, name, email, seats, consent_text)
       values ($1, 'event', 'Jonas Krüger', $2, 1, 'Einwilligung')`,
      [EVENT, address],
    );

  it("takes the newsletter, contact messages and waitlist places of a confirmed address along", async () => {
    const before = uniqueEmail("umzug-alt");
    const after = uniqueEmail("umzug-neu");
    const member = await engine().createUser(before);
    await confirmEmail(engine(), member);
    await seedPersonalData(engine(), before);
    await waitAs(before);

    await changeAddress(member, after);
    expect(await rowsAt(before)).toEqual({ newsletter: 0, messages: 0, waitlist: 0 });
    expect(await rowsAt(after)).toEqual({ newsletter: 1, messages: 1, waitlist: 1 });
    const { rows } = await engine()
      .asViewer("authenticated", member)
      .query<{ data: MemberExport }>("select public.export_my_data() as data");
    expect([
      rows[0].data.newsletter.length,
      rows[0].data.contact_messages.length,
      rows[0].data.waitlist.length,
    ]).toEqual([1, 1, 1]);
  });

  it("keeps one subscription when the new address has its own; moves nothing from an unproven address", async () => {
    const before = uniqueEmail("doppelt-alt");
    const after = uniqueEmail("doppelt-neu");
    const member = await engine().createUser(before);
    await confirmEmail(engine(), member);
    await seedPersonalData(engine(), before);
    await seedPersonalData(engine(), after);
    await changeAddress(member, after);
    expect(await rowsAt(before)).toEqual({ newsletter: 0, messages: 0, waitlist: 0 });
    expect(await rowsAt(after)).toEqual({ newsletter: 1, messages: 2, waitlist: 0 });

    // Someone who signed up with a stranger's address and never confirmed it takes nothing of theirs.
    const victim = uniqueEmail("fremd-alt");
    await seedPersonalData(engine(), victim);
    const squatter = await engine().createUser(victim);
    await changeAddress(squatter, uniqueEmail("fremd-neu"));
    expect(await rowsAt(victim)).toEqual({ newsletter: 1, messages: 1, waitlist: 0 });
  });
});
