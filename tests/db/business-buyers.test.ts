// E-invoices for business customers: place_order stores the company and the (normalised) VAT id
// typed at checkout on the order; the member keeps both in the profile; nobody else edits them on
// an order afterwards (orders grant no UPDATE on these columns).
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEngines, uniqueEmail } from "./engines";

const MUG = "b0000000-0000-4000-8000-000000000007";

const CUSTOMER = {
  first_name: "Mia",
  last_name: "Schulz",
  email: "mia.schulz@example.com",
  street: "Lindenstraße 5",
  zipcode: "10969",
  city: "Berlin",
  country: "Deutschland",
};

describeEngines("business buyers: company and VAT id", (engine) => {
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    customer = await engine().createUser(uniqueEmail("firma"));
    admin = await engine().createUser(uniqueEmail("boss"));
    await engine().makeAdmin(admin);
  });

  const place = (customerData: object) =>
    engine()
      .asViewer("authenticated", customer)
      .query<{ id: string }>("select public.place_order($1, $2::jsonb, $3::jsonb) as id", [
        randomUUID(),
        JSON.stringify(customerData),
        JSON.stringify([{ item_id: MUG, item_type: "product", quantity: 1 }]),
      ]);

  it("place_order writes company and the normalised VAT id onto the order", async () => {
    const {
      rows: [{ id }],
    } = await place({ ...CUSTOMER, company: " Glück & Co. KG ", vat_id: "de 123 456 789" });
    const {
      rows: [row],
    } = await engine()
      .asViewer("authenticated", customer)
      .query<{ company: string; vat_id: string }>("select company, vat_id from public.orders where id = $1", [id]);
    expect(row).toEqual({ company: "Glück & Co. KG", vat_id: "DE123456789" });
  });

  it("leaves both empty for a private buyer", async () => {
    const {
      rows: [{ id }],
    } = await place({ ...CUSTOMER, company: "", vat_id: "" });
    const [row] = await engine().query<{ company: string | null; vat_id: string | null }>(
      "select company, vat_id from public.orders where id = $1",
      [id],
    );
    expect(row).toEqual({ company: null, vat_id: null });
  });

  it("refuses a VAT id that is no VAT id at all, even from a client bypassing the form", async () => {
    await expect(place({ ...CUSTOMER, vat_id: "<script>" })).rejects.toThrow();
  });

  it("lets neither the buyer nor an admin change them on an order afterwards", async () => {
    const {
      rows: [{ id }],
    } = await place({ ...CUSTOMER, company: "Alt GmbH", vat_id: "DE123456789" });
    for (const who of [customer, admin]) {
      await expect(
        engine()
          .asViewer("authenticated", who)
          .query("update public.orders set vat_id = 'DE999999999' where id = $1", [id]),
      ).rejects.toThrow(/permission denied/);
    }
  });

  it("the member keeps company and VAT id in the profile", async () => {
    await engine()
      .asViewer("authenticated", customer)
      .query(
        `insert into public.profiles (id, first_name, last_name, company, vat_id) values ($1, 'Mia', 'Schulz', 'Glück & Co. KG', 'DE123456789')
         on conflict (id) do update set company = excluded.company, vat_id = excluded.vat_id`,
        [customer],
      );
    const {
      rows: [row],
    } = await engine()
      .asViewer("authenticated", customer)
      .query<{ company: string; vat_id: string }>("select company, vat_id from public.profiles where id = $1", [
        customer,
      ]);
    expect(row).toEqual({ company: "Glück & Co. KG", vat_id: "DE123456789" });
  });
});
