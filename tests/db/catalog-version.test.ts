// public.catalog_version: the number every app instance re-reads to know that its in-process
// catalogue cache is out of date (app/server/catalog/catalog-cache.server.ts). Every committed write to
// events, courses, products or membership_plans must move it — whoever writes — and nothing else may.
import { expect, it } from "vitest";
import { describeEngines } from "./engines";

describeEngines("catalogue version", (engine) => {
  const version = async () =>
    Number(
      (await engine().asViewer("anon").query<{ version: string }>("select version from public.catalog_version")).rows[0]
        .version,
    );

  it("moves once with every committed write statement to events, courses or products", async () => {
    const start = await version();
    const [product] = await engine().query<{ id: string }>(
      "insert into public.products (title, category, image_url) values ('Versionstest', 'Test', '/x.svg') returning id",
    );
    expect(await version()).toBe(start + 1);
    // One statement touching many rows counts once (statement-level trigger).
    await engine().query("update public.courses set title = title");
    expect(await version()).toBe(start + 2);
    await engine().query("update public.events set title = title where false");
    expect(await version()).toBe(start + 3);
    await engine().query("delete from public.products where id = $1", [product.id]);
    expect(await version()).toBe(start + 4);
    // The plan facts are part of the cart page's snapshot (app/server/cart/cart.server.ts).
    await engine().query("update public.membership_plans set name = name");
    expect(await version()).toBe(start + 5);
  });

  it("moves for an admin's write as the admin viewer, and is readable inside that transaction", async () => {
    const admin = await engine().createUser(`version-admin-${Date.now()}@example.com`);
    await engine().makeAdmin(admin);
    const start = await version();
    const seen = await engine()
      .asViewer("authenticated", admin)
      .tx(async (q) => {
        await q.query("update public.products set availability = availability where category = 'Bücher'");
        return Number(
          (await q.query<{ version: string }>("select version from public.catalog_version")).rows[0].version,
        );
      });
    expect(seen).toBe(start + 1);
    expect(await version()).toBe(start + 1);
  });

  it("stays when the write is rolled back, or when other tables change", async () => {
    const start = await version();
    await engine()
      .asViewer("service_role")
      .tx((q) => q.query("insert into public.courses (title, category, image_url) values ('Nie', 'Test', '/x.svg')"), {
        rollback: true,
      });
    await engine().query(
      "insert into public.contact_messages (name, email, message) values ('Versions Test', 'v@example.com', 'Hallo')",
    );
    expect(await version()).toBe(start);
  });
});
