// Delivery addresses (written by the owner in the checkout transaction) and the manual matching of
// withdrawals by admins, on both engines.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, uniqueEmail } from "./engines";

const BOOK = "b0000000-0000-4000-8000-000000000001";
const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};
const ADDRESS =
  "insert into public.order_delivery_addresses (order_id, name, street, zipcode, city, country) values ($1, 'Oma', 'Weg 1', '01067', 'Dresden', 'Deutschland')";

describeEngines("delivery address and withdrawal matching", (engine) => {
  let owner: string;
  let other: string;
  let admin: string;
  const placeOrder = async (userId: string) => {
    const { rows } = await engine()
      .asViewer("authenticated", userId)
      .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
        randomUUID(),
        JSON.stringify(CUSTOMER),
        JSON.stringify([{ item_id: BOOK, item_type: "product", quantity: 1 }]),
      ]);
    return rows[0].id;
  };
  beforeAll(async () => {
    owner = await engine().createUser(uniqueEmail("owner"));
    other = await engine().createUser(uniqueEmail("other"));
    admin = await engine().createUser(uniqueEmail("admin"));
    await engine().makeAdmin(admin);
  });

  it("the owner adds one delivery address to a pending order, in the checkout's transaction", async () => {
    const id = await engine()
      .asViewer("authenticated", owner)
      .tx(async (q) => {
        const { rows } = await q.query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
          randomUUID(),
          JSON.stringify(CUSTOMER),
          JSON.stringify([{ item_id: BOOK, item_type: "product", quantity: 1 }]),
        ]);
        await q.query(ADDRESS, [rows[0].id]);
        return rows[0].id;
      });
    expect(await engine().query("select city from public.order_delivery_addresses where order_id = $1", [id])).toEqual([
      { city: "Dresden" },
    ]);
    // Never a second one, never a change.
    await expect(engine().asViewer("authenticated", owner).query(ADDRESS, [id])).rejects.toMatchObject({
      code: "23505",
    });
    await expect(
      engine().asViewer("authenticated", owner).query("update public.order_delivery_addresses set city = 'X'"),
    ).rejects.toMatchObject({ code: "42501" });
  });

  it("nobody adds one to someone else's order or to a completed one", async () => {
    const id = await placeOrder(owner);
    await expect(engine().asViewer("authenticated", other).query(ADDRESS, [id])).rejects.toMatchObject({
      code: "42501",
    });
    await engine()
      .asViewer("authenticated", admin)
      .query("update public.orders set status = 'completed' where id = $1", [id]);
    await expect(engine().asViewer("authenticated", owner).query(ADDRESS, [id])).rejects.toMatchObject({
      code: "42501",
    });
  });

  it("an admin links an unmatched withdrawal to its order; a customer cannot", async () => {
    const order = await placeOrder(owner);
    const { rows } = await engine()
      .asViewer("anon")
      .query<{ id: string }>("select id from public.file_withdrawal('Mia', 'typo@example.com', 'ZZZZZZZZ', '')");
    const withdrawal = rows[0].id;
    // The caller is never told whether it matched (no order oracle); the shop sees it unmatched.
    expect(await engine().query("select order_id from public.withdrawals where id = $1", [withdrawal])).toEqual([
      { order_id: null },
    ]);
    const link =
      "update public.withdrawals set order_id = $2, matched_by = auth.uid(), matched_at = now() where id = $1";
    const byOwner = await engine()
      .asViewer("authenticated", owner)
      .query(link, [withdrawal, order])
      .catch((e) => e);
    expect(byOwner.code ?? byOwner.rowCount).toBe(0);
    const byAdmin = await engine().asViewer("authenticated", admin).query(link, [withdrawal, order]);
    expect(byAdmin.rowCount).toBe(1);
    expect(
      await engine().query("select order_id, matched_by from public.withdrawals where id = $1", [withdrawal]),
    ).toEqual([{ order_id: order, matched_by: admin }]);
    // The filed text itself stays as received.
    await expect(
      engine()
        .asViewer("authenticated", admin)
        .query("update public.withdrawals set note = 'x' where id = $1", [withdrawal]),
    ).rejects.toMatchObject({ code: "42501" });
  });
});
