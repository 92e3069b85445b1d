// The audit trail of admin writes is written by the database (triggers), on both engines:
// who (auth.uid() + e-mail claim), what (table, row, action, before/after), when; admins read it,
// nobody writes or rewrites it through the API roles.
import { beforeAll, expect, it } from "vitest";
import { describeEngines, errorOf, uniqueEmail } from "./engines";

type AuditRow = {
  table_name: string;
  row_id: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: unknown;
};

describeEngines("admin audit trail", (engine) => {
  let admin: string;
  let member: string;

  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("audit-admin"));
    member = await engine().createUser(uniqueEmail("audit-member"));
    await engine().makeAdmin(admin);
  });

  const trail = (table: string, id: string) =>
    engine().query<AuditRow>(
      "select * from public.admin_audit_log where table_name = $1 and row_id = $2 order by created_at, action desc",
      [table, id],
    );

  it("records an admin's insert, update and delete of a catalogue item with before and after", async () => {
    const asAdmin = engine().asViewer("authenticated", admin);
    const [created] = (
      await asAdmin.query<{ id: string }>(
        "insert into public.events (title, category, image_url, date, time, location) values ('Audit-Abend', 'Workshop', '/x.svg', '1.1.2027', '19 Uhr', 'Berlin') returning id",
      )
    ).rows;
    await asAdmin.query(`update public.events set title = 'Audit-Abend (neu)', "behappy-price" = 5 where id = $1`, [
      created.id,
    ]);
    // A no-op update (same values) is no event.
    await asAdmin.query("update public.events set title = title where id = $1", [created.id]);
    await asAdmin.query("delete from public.events where id = $1", [created.id]);

    const rows = await trail("events", created.id);
    expect(rows.map((r) => r.action)).toEqual(["insert", "update", "delete"]);
    for (const row of rows) {
      expect(row.actor_id).toBe(admin);
      expect(row.actor_email).toBe(`${admin}@example.test`);
    }
    expect(rows[0].before).toBeNull();
    expect(rows[0].after).toMatchObject({ title: "Audit-Abend", "behappy-price": 0 });
    expect(rows[1].before).toMatchObject({ title: "Audit-Abend" });
    expect(rows[1].after).toMatchObject({ title: "Audit-Abend (neu)", "behappy-price": 5 });
    expect(rows[2].before).toMatchObject({ title: "Audit-Abend (neu)" });
    expect(rows[2].after).toBeNull();
  });

  it("covers courses and products too", async () => {
    const asAdmin = engine().asViewer("authenticated", admin);
    const [course] = (
      await asAdmin.query<{ id: string }>(
        "insert into public.courses (title, category, image_url) values ('Audit-Kurs', 'Online', '/x.svg') returning id",
      )
    ).rows;
    const [product] = (
      await asAdmin.query<{ id: string }>(
        "insert into public.products (title, category, image_url) values ('Audit-Buch', 'Buch', '/x.svg') returning id",
      )
    ).rows;
    await asAdmin.query("update public.products set show_on_offer = true where id = $1", [product.id]);
    expect((await trail("courses", course.id)).map((r) => r.action)).toEqual(["insert"]);
    const productRows = await trail("products", product.id);
    expect(productRows.map((r) => r.action)).toEqual(["insert", "update"]);
    expect(productRows[1].before).toMatchObject({ show_on_offer: false });
    expect(productRows[1].after).toMatchObject({ show_on_offer: true });
  });

  it("records order status and payment deadline changes only, with the old and new value", async () => {
    const [order] = await engine().query<{ id: string }>(
      "insert into public.orders (customer_name, customer_email, total_amount, user_id) values ('A B', 'a@example.com', 10, $1) returning id",
      [member],
    );
    const asAdmin = engine().asViewer("authenticated", admin);
    await asAdmin.query("update public.orders set status = 'completed' where id = $1", [order.id]);
    await asAdmin.query("update public.orders set status = 'completed' where id = $1", [order.id]);
    await asAdmin.query("update public.orders set status = 'cancelled' where id = $1", [order.id]);
    await asAdmin.query("update public.orders set payment_deadline = '2030-01-31T22:59:59Z' where id = $1", [order.id]);
    const rows = await trail("orders", order.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ["update", { status: "pending" }, { status: "completed" }],
      ["update", { status: "completed" }, { status: "cancelled" }],
      ["update", { payment_deadline: null }, { payment_deadline: expect.stringMatching(/^2030-01-31T22:59:59/) }],
    ]);
    expect(rows.every((r) => r.actor_id === admin)).toBe(true);
  });

  it("is readable by admins only and cannot be written, changed or erased through the API roles", async () => {
    const asMember = engine().asViewer("authenticated", member);
    expect((await asMember.query("select 1 from public.admin_audit_log")).rowCount).toBe(0);
    expect((await errorOf(engine().asViewer("anon").query("select 1 from public.admin_audit_log"))).code).toBe("42501");

    const asAdmin = engine().asViewer("authenticated", admin);
    expect((await asAdmin.query("select 1 from public.admin_audit_log")).rowCount).toBeGreaterThan(0);
    for (const statement of [
      "insert into public.admin_audit_log (table_name, row_id, action) values ('events', gen_random_uuid(), 'insert')",
      "update public.admin_audit_log set actor_email = 'someone@example.com'",
      "delete from public.admin_audit_log",
    ]) {
      expect((await errorOf(asAdmin.query(statement))).code).toBe("42501");
      expect((await errorOf(asMember.query(statement))).code).toBe("42501");
    }
  });

  it("a member's attempted catalogue write leaves neither a change nor an audit entry", async () => {
    const before = (await engine().query<{ n: number }>("select count(*)::int as n from public.admin_audit_log"))[0].n;
    const asMember = engine().asViewer("authenticated", member);
    const insert = asMember.query(
      "insert into public.products (title, category, image_url) values ('Fremd', 'Buch', '/x.svg')",
    );
    expect((await errorOf(insert)).code).toBe("42501");
    expect((await asMember.query("update public.events set title = 'gehackt'")).rowCount).toBe(0);
    expect((await asMember.query("delete from public.courses")).rowCount).toBe(0);
    expect((await asMember.query("update public.orders set status = 'cancelled'")).rowCount).toBe(0);
    const after = (await engine().query<{ n: number }>("select count(*)::int as n from public.admin_audit_log"))[0].n;
    expect(after).toBe(before);
  });

  it("the trigger function cannot be called directly", async () => {
    const call = engine().asViewer("authenticated", admin).query("select public.audit_admin_write()");
    expect((await errorOf(call)).code).toMatch(/^(42501|0A000)$/);
  });
});

// public.admin_list_page: the admin lists' count + page in SQL (see the migration for why it is
// SECURITY DEFINER). Admins only; search is a literal substring match; pages clamp to the last one.
describeEngines("admin list pages", (engine) => {
  let admin: string;
  let member: string;
  const prefix = `Listtest${Date.now().toString(36)}`;

  beforeAll(async () => {
    admin = await engine().createUser(uniqueEmail("list-admin"));
    member = await engine().createUser(uniqueEmail("list-member"));
    await engine().makeAdmin(admin);
    await engine().query(
      `insert into public.events (title, category, image_url, date, time, location, created_at)
       select $1 || ' Nr ' || lpad(i::text, 2, '0'), 'Test', '/x.svg', '1.1.2030', '10 Uhr', 'Berlin', now() - make_interval(mins => 100 - i)
       from generate_series(1, 23) as i`,
      [prefix],
    );
    await engine().query(
      "insert into public.events (title, category, image_url, date, time, location) values ($1, 'Test', '/x.svg', '1', '1', 'B')",
      [`${prefix} 100%_sicher`],
    );
  });

  type PageResult = { total: number; page: number; ids: string[] };
  const page = async (q: string, pageNo: number, user = admin) =>
    (
      await engine()
        .asViewer("authenticated", user)
        .query<{ r: PageResult }>("select public.admin_list_page('events', $1, $2, 10) as r", [q, pageNo])
    ).rows[0].r;
  const titles = async (ids: string[]) =>
    (
      await engine().query<{ id: string; title: string }>(
        "select id, title from public.events where id = any($1::uuid[])",
        [ids],
      )
    )
      .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
      .map((r) => r.title);

  it("counts the matches and returns the page's ids newest first", async () => {
    const first = await page(`${prefix} Nr`, 1);
    expect(first.total).toBe(23);
    expect(first.page).toBe(1);
    expect(await titles(first.ids)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${prefix} Nr ${String(23 - i).padStart(2, "0")}`),
    );
    const third = await page(`${prefix} Nr`, 3);
    expect(await titles(third.ids)).toEqual([`${prefix} Nr 03`, `${prefix} Nr 02`, `${prefix} Nr 01`]);
    // Beyond the end: the last page.
    expect((await page(`${prefix} Nr`, 99)).page).toBe(3);
    expect(await page("gibt es sicher nicht", 1)).toEqual({ total: 0, page: 1, ids: [] });
  });

  it("takes %, _ and \\ literally and ignores case", async () => {
    expect((await page(`${prefix.toUpperCase()} 100%_`, 1)).total).toBe(1);
    expect((await page("%", 1)).total).toBe(1);
    expect((await page("_", 1)).total).toBe(1);
    expect((await page("\\", 1)).total).toBe(0);
  });

  it("refuses members, visitors and unknown lists", async () => {
    expect((await errorOf(page(prefix, 1, member))).code).toBe("42501");
    const anon = engine().asViewer("anon").query("select public.admin_list_page('orders', '', 1, 10)");
    expect((await errorOf(anon)).code).toBe("42501");
    const unknown = engine()
      .asViewer("authenticated", admin)
      .query("select public.admin_list_page('user_roles', '', 1, 10)");
    expect((await errorOf(unknown)).code).toBe("22023");
  });

  it("serves every admin list", async () => {
    for (const list of ["events", "courses", "products", "newsletter", "contacts", "orders", "profiles"]) {
      const result = (
        await engine()
          .asViewer("authenticated", admin)
          .query<{ r: PageResult }>("select public.admin_list_page($1, 'a', 1, 10) as r", [list])
      ).rows[0].r;
      expect(result.page, list).toBe(1);
      expect(result.ids.length, list).toBeLessThanOrEqual(10);
    }
  });
});
