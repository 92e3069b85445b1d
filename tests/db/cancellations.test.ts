// The cancellation button (§ 312k BGB) on both engines: every declaration is stored, a signed-in
// member's applies to their membership at once, a visitor's stays unmatched until an admin matches
// it, the member can take it back, and the filing function refuses what the form refuses.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail, type Engine } from "./engines";

const FILE = "select * from public.file_contract_cancellation($1, $2, $3, $4, $5, $6::date, $7)";
type Filed = { id: string; applied: boolean; ends_at: Date | null; created_at: Date };

async function member(engine: Engine, plan: string, until: string | null) {
  const email = uniqueEmail(plan);
  const id = await engine.createUser(email);
  await engine.query(
    `insert into public.memberships (user_id, plan, since, until) values ($1, $2, now() - interval '1 month', ${until ?? "null"})`,
    [id, plan],
  );
  return { id, email };
}

const membershipOf = async (engine: Engine, userId: string) =>
  (
    await engine.query<{ until: Date | null; cancelled_at: Date | null }>(
      "select until, cancelled_at from public.memberships where user_id = $1",
      [userId],
    )
  )[0];

describeEngines("contract cancellations", (engine) => {
  let admin: string;
  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("admin"));
    await engine().makeAdmin(admin);
  });

  const file = async (userId: string | null, args: unknown[]) => {
    const viewer = userId ? engine().asViewer("authenticated", userId) : engine().asViewer("anon");
    return (await viewer.query<Filed>(FILE, args)).rows[0];
  };

  it("a visitor's declaration is stored unmatched and changes no membership", async () => {
    const yearly = await member(engine(), "yearly", "now() + interval '6 months'");
    const before = await membershipOf(engine(), yearly.id);
    const filed = await file(null, ["ordentlich", null, "Eva", yearly.email, "Y-1", null, yearly.email]);
    expect(filed.applied).toBe(false);
    expect(filed.ends_at).toBeNull();
    const [row] = await engine().query("select user_id, name, email from public.contract_cancellations where id = $1", [
      filed.id,
    ]);
    expect(row).toEqual({ user_id: null, name: "Eva", email: yearly.email });
    expect(await membershipOf(engine(), yearly.id)).toEqual(before);
  });

  it("a member's ordentliche Kündigung of Yearly keeps the paid end and marks it cancelled", async () => {
    const yearly = await member(engine(), "yearly", "now() + interval '6 months'");
    const before = await membershipOf(engine(), yearly.id);
    const filed = await file(yearly.id, ["ordentlich", null, "Mia", yearly.email, null, null, yearly.email]);
    expect(filed.applied).toBe(true);
    const after = await membershipOf(engine(), yearly.id);
    expect(after.until).toEqual(before.until);
    expect(after.cancelled_at).not.toBeNull();
    const [audit] = await engine().query<{ reason: string }>(
      "select after ->> 'reason' as reason from public.admin_audit_log where table_name = 'memberships' and row_id = $1",
      [yearly.id],
    );
    expect(audit.reason).toMatch(/^Kündigung \(ordentlich\) vom \d{2}\.\d{2}\.\d{4}/);
  });

  it("an außerordentliche Kündigung with a date ends the membership at the end of that day", async () => {
    const yearly = await member(engine(), "yearly", "now() + interval '6 months'");
    const [{ day }] = await engine().query<{ day: string }>(
      "select to_char((public.shop_now() at time zone 'Europe/Berlin')::date + 10, 'YYYY-MM-DD') as day",
    );
    await file(yearly.id, ["ausserordentlich", "Umzug ins Ausland", "Mia", yearly.email, null, day, yearly.email]);
    const [{ ends }] = await engine().query<{ ends: string }>(
      "select to_char(until at time zone 'Europe/Berlin', 'YYYY-MM-DD') as ends from public.memberships where user_id = $1",
      [yearly.id],
    );
    expect(ends).toBe(day);
  });

  it("Lifetime without a date ends at once", async () => {
    const lifetime = await member(engine(), "lifetime", null);
    await file(lifetime.id, ["ordentlich", null, "Leo", lifetime.email, null, null, lifetime.email]);
    const [{ over }] = await engine().query<{ over: boolean }>(
      "select until <= public.shop_now() as over from public.memberships where user_id = $1",
      [lifetime.id],
    );
    expect(over).toBe(true);
  });

  it("the member takes the cancellation back: the previous end returns, the mark goes", async () => {
    const lifetime = await member(engine(), "lifetime", null);
    const [{ day }] = await engine().query<{ day: string }>(
      "select to_char((public.shop_now() at time zone 'Europe/Berlin')::date + 30, 'YYYY-MM-DD') as day",
    );
    const filed = await file(lifetime.id, ["ordentlich", null, "Leo", lifetime.email, null, day, lifetime.email]);
    expect((await membershipOf(engine(), lifetime.id)).until).not.toBeNull();
    // Someone else cannot take it back.
    const other = await engine().createUser(uniqueEmail("other"));
    expect(
      (
        await errorOf(
          engine()
            .asViewer("authenticated", other)
            .query("select public.withdraw_contract_cancellation($1)", [filed.id]),
        )
      ).code,
    ).toBe("P0001");
    await engine()
      .asViewer("authenticated", lifetime.id)
      .query("select public.withdraw_contract_cancellation($1)", [filed.id]);
    expect(await membershipOf(engine(), lifetime.id)).toEqual({ until: null, cancelled_at: null });
    const [row] = await engine().query<{ withdrawn: boolean }>(
      "select withdrawn_at is not null as withdrawn from public.contract_cancellations where id = $1",
      [filed.id],
    );
    expect(row.withdrawn).toBe(true);
  });

  it("an admin matches a visitor's declaration to an account by e-mail, which applies it", async () => {
    const free = await member(engine(), "free", null);
    const filed = await file(null, ["ordentlich", null, "Fritz", "typo@example.com", "F-1", null, "typo@example.com"]);
    // A member cannot.
    expect(
      (
        await errorOf(
          engine()
            .asViewer("authenticated", free.id)
            .query("select * from public.match_contract_cancellation($1, $2)", [filed.id, free.email]),
        )
      ).code,
    ).toBe("42501");
    const { rows } = await engine()
      .asViewer("authenticated", admin)
      .query<{ result: string; user_id: string }>("select * from public.match_contract_cancellation($1, $2)", [
        filed.id,
        free.email.toUpperCase(),
      ]);
    expect(rows[0]).toMatchObject({ result: "matched", user_id: free.id });
    const after = await membershipOf(engine(), free.id);
    expect(after.cancelled_at).not.toBeNull();
    expect(after.until).not.toBeNull();
    const again = await engine()
      .asViewer("authenticated", admin)
      .query<{ result: string }>("select * from public.match_contract_cancellation($1, $2)", [filed.id, free.email]);
    expect(again.rows[0].result).toBe("already");
  });

  it("a visitor's cancellation without a date ends the membership when it arrived, not when it is matched", async () => {
    const yearly = await member(engine(), "yearly", "now() + interval '6 months'");
    const filed = await file(null, [
      "ausserordentlich",
      "Umzug ins Ausland",
      "Eva",
      yearly.email,
      null,
      null,
      yearly.email,
    ]);
    // It arrived a week ago (§ 312k Abs. 4 Satz 2 BGB); the admin matches it only now.
    await engine().query(
      "update public.contract_cancellations set created_at = now() - interval '7 days' where id = $1",
      [filed.id],
    );
    await engine()
      .asViewer("authenticated", admin)
      .query("select * from public.match_contract_cancellation($1, $2)", [filed.id, yearly.email]);
    const [{ ended, ends }] = await engine().query<{ ended: boolean; ends: boolean }>(
      `select m.until = c.created_at as ended, c.ends_at = c.created_at as ends
         from public.memberships m, public.contract_cancellations c where m.user_id = $1 and c.id = $2`,
      [yearly.id, filed.id],
    );
    expect({ ended, ends }).toEqual({ ended: true, ends: true });
  });

  it("a deleted member's declaration stays a record and is never matched to another account", async () => {
    const yearly = await member(engine(), "yearly", "now() + interval '6 months'");
    const other = await member(engine(), "free", null);
    const filed = await file(yearly.id, ["ordentlich", null, "Mara", yearly.email, null, null, yearly.email]);
    await engine().asViewer("authenticated", yearly.id).query("select public.delete_my_account()");
    const [row] = await engine().query<{ user_id: string | null; name: string }>(
      "select user_id, name from public.contract_cancellations where id = $1",
      [filed.id],
    );
    expect(row).toEqual({ user_id: null, name: "Mara" });
    const { rows } = await engine()
      .asViewer("authenticated", admin)
      .query<{ result: string; user_id: string | null }>("select * from public.match_contract_cancellation($1, $2)", [
        filed.id,
        other.email,
      ]);
    expect(rows[0]).toMatchObject({ result: "account-deleted", user_id: null });
    expect((await membershipOf(engine(), other.id)).cancelled_at).toBeNull();
  });

  it("nobody but admins reads others' declarations; nobody inserts directly", async () => {
    const filed = await file(null, ["ordentlich", null, "Anna", "anna@example.com", "A-1", null, "anna@example.com"]);
    const stranger = await engine().createUser(uniqueEmail("stranger"));
    const seen = await engine()
      .asViewer("authenticated", stranger)
      .query("select id from public.contract_cancellations where id = $1", [filed.id]);
    expect(seen.rows).toEqual([]);
    const byAdmin = await engine()
      .asViewer("authenticated", admin)
      .query("select id from public.contract_cancellations where id = $1", [filed.id]);
    expect(byAdmin.rows).toHaveLength(1);
    const direct = await errorOf(
      engine()
        .asViewer("anon")
        .query(
          "insert into public.contract_cancellations (kind, name, email, confirmation_email) values ('ordentlich', 'X', 'x@example.com', 'x@example.com')",
        ),
    );
    expect(direct.code).toBe("42501");
  });

  it("the filing function refuses bad input: too long, line breaks, no reason, a past date", async () => {
    const refused = async (args: unknown[]) => (await errorOf(file(null, args))).code;
    expect(await refused(["ordentlich", null, "x".repeat(10_000), "a@example.com", "1", null, "a@example.com"])).toBe(
      "22023",
    );
    expect(await refused(["ordentlich", "x".repeat(10_000), "A", "a@example.com", "1", null, "a@example.com"])).toBe(
      "22023",
    );
    expect(
      await refused(["ordentlich", null, "A\r\nBcc: x@example.com", "a@example.com", "1", null, "a@example.com"]),
    ).toBe("22023");
    expect(await refused(["ordentlich", null, "A", "a@example.com", "1\n2", null, "a@example.com"])).toBe("22023");
    expect(await refused(["ausserordentlich", " ", "A", "a@example.com", "1", null, "a@example.com"])).toBe("22023");
    expect(await refused(["ordentlich", null, "A", "a@example.com", "1", "2000-01-01", "a@example.com"])).toBe("22023");
    expect(await refused(["fristlos", null, "A", "a@example.com", "1", null, "a@example.com"])).toBe("22023");
    const [{ n }] = await engine().query<{ n: number }>(
      "select count(*)::int as n from public.contract_cancellations where email = 'a@example.com'",
    );
    expect(n).toBe(0);
  });
});
