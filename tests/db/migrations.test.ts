import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
// @ts-expect-error plain JS module without type declarations
import { generateTypes, typesFile } from "../../scripts/db-types.mjs";
import { describeEngines, errorOf, SUPABASE_DIR, uniqueEmail } from "./engines";

describeEngines("migrations", (engine) => {
  it("applies every migration file and records it", async () => {
    const files = (await readdir(path.join(SUPABASE_DIR, "migrations"))).filter((f) => f.endsWith(".sql"));
    const rows = await engine().query<{ version: string }>(
      "select version from supabase_migrations.schema_migrations order by version",
    );
    expect(rows.map((r) => r.version)).toEqual(files.sort().map((f) => f.split("_")[0]));
  });

  it("re-running migrate applies nothing (and the local shim is idempotent)", async () => {
    const before = await engine().query<{ n: number }>("select count(*)::int as n from public.products");
    expect(await engine().migrateAgain()).toEqual({ applied: [], seeded: false });
    const after = await engine().query<{ n: number }>("select count(*)::int as n from public.products");
    expect(after).toEqual(before); // the seed ran once only
  });

  it("enables row level security on every table in schema public", async () => {
    const tables = await engine().query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(12);
    expect(tables.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
  });

  it("every SECURITY DEFINER function in public pins an empty search_path", async () => {
    const rows = await engine().query<{ proname: string; proconfig: string[] | null }>(
      `select p.proname, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef order by p.proname`,
    );
    expect(rows.map((r) => r.proname)).toEqual(
      expect.arrayContaining(["is_admin", "place_order", "register_participant", "handle_new_user"]),
    );
    for (const row of rows) expect(row.proconfig, row.proname).toContain('search_path=""');
  });

  it("no function in public is executable by PUBLIC; anon may call only the public-facing ones", async () => {
    const rows = await engine().query<{ proname: string; by_public: boolean; by_anon: boolean }>(
      `select p.proname,
              p.proacl is null or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE') as by_public,
              has_function_privilege('anon', p.oid, 'EXECUTE') as by_anon
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by p.proname`,
    );
    expect(rows.filter((r) => r.by_public).map((r) => r.proname)).toEqual([]);
    // Extend this list deliberately when a new function is meant for signed-out visitors.
    expect(rows.filter((r) => r.by_anon).map((r) => r.proname)).toEqual([
      "confirm_newsletter",
      "file_contract_cancellation",
      "file_withdrawal",
      // The catalogue says "Vergangen" to visitors too: it asks whether an event has ended.
      "has_ended",
      // A visitor's answer is NULL; pages (cart, /join) ask without knowing who is signed in.
      "my_membership",
      "shop_now",
      "unsubscribe_newsletter",
      // The cart's voucher field works for visitors too; it answers only about the code typed.
      "voucher_preview",
    ]);
  });

  it("the login role has no privileges of its own (queries outside withViewer fail)", async () => {
    const e = engine();
    if (e.connectAsViewer) {
      // PostgreSQL: log in as authenticator exactly like the app's pool does.
      const viewer = await e.connectAsViewer("anon");
      try {
        expect(
          (await viewer.query<{ n: number }>("select count(*)::int as n from public.events")).rows[0].n,
        ).toBeGreaterThan(0);
        expect((await errorOf(viewer.queryRaw("select * from public.events"))).code).toBe("42501");
        expect((await errorOf(viewer.queryRaw("select * from auth.users"))).code).toBe("42501");
      } finally {
        await viewer.close();
      }
    }
    // Both engines: as authenticator without a viewer role, the catalogue is not readable.
    const error = await errorOf(
      e.asViewer("anon").tx(async (q) => {
        await q.query("select set_config('role', 'authenticator', true)");
        return q.query("select * from public.events");
      }),
    );
    expect(error.code).toBe("42501");
  });

  it("creates a profile for every new auth user (trigger on_auth_user_created)", async () => {
    const email = uniqueEmail("trigger");
    const id = await engine().createUser(email, { first_name: "Mia", last_name: "Schulz" });
    const [profile] = await engine().query(
      "select id, first_name, last_name, email from public.profiles where id = $1",
      [id],
    );
    expect(profile).toEqual({ id, first_name: "Mia", last_name: "Schulz", email });

    const bare = await engine().createUser(uniqueEmail("bare"));
    const [bareProfile] = await engine().query("select first_name, last_name from public.profiles where id = $1", [
      bare,
    ]);
    expect(bareProfile).toEqual({ first_name: "", last_name: "" });

    // Deleting the user removes the profile; orders keep existing with user_id NULL (tested in functions).
    await engine().query("delete from auth.users where id = $1", [id]);
    expect(await engine().query("select 1 from public.profiles where id = $1", [id])).toEqual([]);
  });

  it("seeds the demo catalogue once", async () => {
    const [counts] = await engine().query<Record<string, number>>(
      `select (select count(*)::int from public.events) as events,
              (select count(*)::int from public.courses) as courses,
              (select count(*)::int from public.products where category <> 'membership') as products,
              (select count(*)::int from public.products where not availability) as sold_out`,
    );
    expect(counts.events).toBeGreaterThanOrEqual(6);
    expect(counts.courses).toBeGreaterThanOrEqual(6);
    expect(counts.products).toBeGreaterThanOrEqual(8);
    expect(counts.sold_out).toBe(2);
    const plans = await engine().query<{ title: string; price: number }>(
      "select title, price from public.products where category = 'membership' order by price",
    );
    expect(plans.map((p) => p.title)).toEqual(["Free Membership", "Yearly Membership", "Lifetime Membership"]);
    expect(plans[0].price).toBe(0);
    for (const table of ["events", "courses", "products"]) {
      const [flags] = await engine().query<{ home: number; offer: number }>(
        `select count(*) filter (where show_on_startpage)::int as home, count(*) filter (where show_on_offer)::int as offer
         from public.${table}`,
      );
      expect(flags.home, table).toBeGreaterThanOrEqual(3);
      expect(flags.offer, table).toBeGreaterThanOrEqual(3);
    }
  });

  it("seed images exist", async () => {
    const urls = await engine().query<{ image_url: string }>(
      "select image_url from public.events union select image_url from public.courses union select image_url from public.products",
    );
    for (const { image_url } of urls) {
      const file = path.join(SUPABASE_DIR, "..", "public", image_url);
      expect((await readFile(file, "utf8")).length, image_url).toBeLessThan(2048);
    }
  });

  it("app/server/db/types.server.ts matches the migrated schema (node scripts/db-types.mjs)", async () => {
    const expected = await generateTypes((sql: string, params: unknown[]) => engine().query(sql, params));
    expect(await readFile(typesFile, "utf8")).toBe(expected);
  });
});
