// Issue 17, last bullets: invoices keep the seller and VAT mode they were issued under (§ 14 UStG),
// and place_order charges the configured flat shipping fee once per order with a shipped product.
// Both read public.shop_settings, which the server writes from its configuration at start.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, uniqueEmail, type Engine } from "./engines";

const BOOK = "b0000000-0000-4000-8000-000000000001"; // 24,90 €, 7 %, shipped
const MUG = "b0000000-0000-4000-8000-000000000007"; // 19 %, shipped
const EBOOK = "b0000000-0000-4000-8000-000000000008"; // 7 %, not shipped
const COURSE = "c0000000-0000-4000-8000-000000000001"; // not shipped

const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};

type Line = { item_id: string; item_type: string; quantity?: number } & Record<string, unknown>;

async function order(engine: Engine, userId: string, lines: Line[], customer: object = CUSTOMER) {
  const { rows } = await engine
    .asViewer("authenticated", userId)
    .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
      randomUUID(),
      JSON.stringify(customer),
      JSON.stringify(lines.map((l) => ({ quantity: 1, ...l }))),
    ]);
  return rows[0].id;
}

const SELLER = (company: string, iban: string) => ({
  company,
  street: "Alte Gasse 3",
  postalCode: "04109",
  city: "Leipzig",
  country: "Deutschland",
  managingDirector: "",
  registerCourt: "Amtsgericht Leipzig",
  registerNumber: "HRA 1",
  vatId: "DE123456789",
  taxNumber: "",
  email: "laden@example.com",
  bank: { holder: company, iban, bic: "BYLADEM1001", name: "Bank" },
});

describeEngines("shop settings: invoice snapshot and shipping fee", (engine) => {
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    customer = await engine().createUser(uniqueEmail("buyer"));
    admin = await engine().createUser(uniqueEmail("boss"));
    await engine().makeAdmin(admin);
  });

  // As the server writes it at start (service role).
  const configure = (seller: object, vatMode: string, fee: number) =>
    engine()
      .asViewer("service_role")
      .query("update public.shop_settings set seller = $1::jsonb, vat_mode = $2, shipping_fee = $3", [
        JSON.stringify(seller),
        vatMode,
        fee,
      ]);
  const setStatus = (orderId: string, status: string) =>
    engine()
      .asViewer("authenticated", admin)
      .query("update public.orders set status = $2 where id = $1", [orderId, status]);
  const invoicesOf = (orderId: string) =>
    engine().query<{ kind: string; seller: { company: string; bank: { iban: string } }; vat_mode: string }>(
      "select kind, seller, vat_mode from public.invoices where order_id = $1 order by number",
      [orderId],
    );
  const orderRow = (orderId: string) =>
    engine()
      .query<{ total_amount: number; shipping_fee: number; status: string }>(
        "select total_amount, shipping_fee, status from public.orders where id = $1",
        [orderId],
      )
      .then((rows) => rows[0]);

  it("an invoice keeps the seller and VAT mode it was issued under; its cancellation copies them", async () => {
    await configure(SELLER("Glücksladen Müller e. K.", "DE02120300000000202051"), "regular", 0);
    const id = await order(engine(), customer, [{ item_id: MUG, item_type: "product" }]);
    await setStatus(id, "completed");
    expect(await invoicesOf(id)).toMatchObject([
      { kind: "invoice", vat_mode: "regular", seller: { company: "Glücksladen Müller e. K." } },
    ]);

    // The operator moves, changes bank and becomes a small business.
    await configure(SELLER("Neue Firma GmbH", "DE89370400440532013000"), "small-business", 0);
    const [invoice] = await invoicesOf(id);
    expect(invoice.seller).toEqual(SELLER("Glücksladen Müller e. K.", "DE02120300000000202051"));
    expect(invoice.vat_mode).toBe("regular");

    // The Stornorechnung mirrors the invoice it cancels, not today's settings.
    await setStatus(id, "cancelled");
    const [, storno] = await invoicesOf(id);
    expect(storno).toMatchObject({ kind: "cancellation", vat_mode: "regular" });
    expect(storno.seller).toEqual(invoice.seller);

    // A new invoice is issued under the new settings.
    const next = await order(engine(), customer, [{ item_id: MUG, item_type: "product" }]);
    await setStatus(next, "completed");
    expect(await invoicesOf(next)).toMatchObject([
      { kind: "invoice", vat_mode: "small-business", seller: { company: "Neue Firma GmbH" } },
    ]);
  });

  it("nobody but the server reads or changes the settings, and nobody edits an invoice's snapshot", async () => {
    for (const [role, userId] of [
      ["anon", null],
      ["authenticated", customer],
      ["authenticated", admin],
    ] as const) {
      const viewer = engine().asViewer(role, userId);
      await expect(viewer.query("select * from public.shop_settings")).rejects.toMatchObject({ code: "42501" });
      await expect(viewer.query("update public.shop_settings set shipping_fee = 0")).rejects.toMatchObject({
        code: "42501",
      });
    }
    await expect(
      engine().asViewer("authenticated", admin).query("update public.invoices set vat_mode = 'small-business'"),
    ).rejects.toMatchObject({ code: "42501" });
  });

  it("charges the fee once per order with a shipped product, decided in SQL from the settings", async () => {
    await configure(SELLER("Glücksladen", "DE02120300000000202051"), "regular", 4.9);

    // Nothing shipped (e-book, course): no fee.
    const digital = await order(engine(), customer, [
      { item_id: EBOOK, item_type: "product" },
      { item_id: COURSE, item_type: "course" },
    ]);
    const digitalRow = await orderRow(digital);
    expect(digitalRow.shipping_fee).toBe(0);
    const [{ lines }] = await engine().query<{ lines: number }>(
      "select sum(price * quantity) as lines from public.order_items where order_id = $1",
      [digital],
    );
    expect(digitalRow.total_amount).toBe(lines);

    // Two shipped products, one of them twice: the fee once, total = lines + fee.
    const parcel = await order(engine(), customer, [
      { item_id: BOOK, item_type: "product", quantity: 2 },
      { item_id: MUG, item_type: "product" },
      { item_id: EBOOK, item_type: "product" },
    ]);
    const [{ sum }] = await engine().query<{ sum: number }>(
      "select sum(price * quantity) as sum from public.order_items where order_id = $1",
      [parcel],
    );
    expect(await orderRow(parcel)).toMatchObject({ shipping_fee: 4.9, status: "pending" });
    expect((await orderRow(parcel)).total_amount).toBeCloseTo(sum + 4.9, 2);

    // The invoice's total includes the fee.
    await setStatus(parcel, "completed");
    const [{ total_amount }] = await engine().query<{ total_amount: number }>(
      "select total_amount from public.invoices where order_id = $1",
      [parcel],
    );
    expect(total_amount).toBeCloseTo(sum + 4.9, 2);
  });

  it("a client cannot influence the fee: extra fields are ignored and the column is not theirs to write", async () => {
    await configure(SELLER("Glücksladen", "DE02120300000000202051"), "regular", 4.9);
    const id = await order(engine(), customer, [{ item_id: BOOK, item_type: "product", shipping_fee: 0, price: 0 }], {
      ...CUSTOMER,
      shipping_fee: 0,
      total_amount: 0,
    });
    expect(await orderRow(id)).toMatchObject({ shipping_fee: 4.9, total_amount: 29.8 });

    const refused = await engine()
      .asViewer("authenticated", customer)
      .query("update public.orders set shipping_fee = 0, total_amount = 24.9 where id = $1", [id])
      .then(
        (result) => `updated ${result.rowCount}`,
        (error: { code?: string }) => error.code,
      );
    expect(["42501", "updated 0"]).toContain(refused);
    expect(await orderRow(id)).toMatchObject({ shipping_fee: 4.9, total_amount: 29.8 });

    // The configured fee at the time of the order counts, a later change does not touch it.
    await configure(SELLER("Glücksladen", "DE02120300000000202051"), "regular", 0);
    expect(await orderRow(id)).toMatchObject({ shipping_fee: 4.9, total_amount: 29.8 });
    const free = await order(engine(), customer, [{ item_id: BOOK, item_type: "product" }]);
    expect(await orderRow(free)).toMatchObject({ shipping_fee: 0, total_amount: 24.9 });
  });
});
