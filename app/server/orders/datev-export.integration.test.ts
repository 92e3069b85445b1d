import { sql } from "kysely";
import iconv from "iconv-lite";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import type { Viewer } from "~/server/db/db.server";

/**
 * The accountant's export against a real PGlite with the migrations: orders are completed (the
 * trigger issues invoices) and one is cancelled (a cancellation invoice); the Buchungsstapel is
 * exported as the admin, decoded from Windows-1252, split into lines and checked against the
 * invoices: header, one booking per invoice and rate, sums, accounts, Soll/Haben, Belegfeld 1.
 */
const BOOK = "d0000000-0000-4000-8000-000000000001"; // 7 %, shipped
const MUG = "d0000000-0000-4000-8000-000000000002"; // 19 %, shipped

beforeAll(async () => {
  await openMemoryDatabase();
  await asService((tx) =>
    sql`
      insert into public.products (id, title, category, image_url, price, vat_rate, shipped) values
        (${BOOK}::uuid, 'Das kleine Glücksbuch', 'Bücher', '/images/catalog/buch.svg', 14.9, 7, true),
        (${MUG}::uuid, 'Tasse „Glück“', 'Dinge', '/images/catalog/tasse.svg', 19.99, 19, true)`.execute(tx),
  );
}, 180_000);

afterAll(closeMemoryDatabase);

/** An order with lines (gross prices) and shipping, completed: the trigger issues its invoice. */
async function completedOrder(lines: { item: string; title: string; quantity: number; price: number }[], shipping = 0) {
  const total = lines.reduce((sum, l) => sum + l.quantity * l.price * 100, 0) / 100 + shipping;
  return asService(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      insert into public.orders (customer_name, customer_email, total_amount, shipping_fee, status)
      values ('Erika Müßig', 'erika@example.com', ${total}, ${shipping}, 'pending') returning id`.execute(tx);
    const id = rows[0].id;
    for (const l of lines) {
      await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
                values (${id}::uuid, ${l.item}::uuid, 'product', ${l.title}, ${l.quantity}, ${l.price})`.execute(tx);
    }
    await sql`update public.orders set status = 'completed' where id = ${id}::uuid`.execute(tx);
    return id;
  });
}

async function adminViewer(): Promise<Viewer> {
  const { createUser, grantAdmin } = await import("~/server/members/accounts.server");
  const email = `buchhaltung-${Date.now().toString(36)}@example.com`;
  const userId = await createUser({ email, password: "sicheres-Passwort-123", emailConfirmed: true });
  await grantAdmin(userId);
  return { role: "authenticated", userId, email };
}

function berlinMonth() {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  return day.slice(0, 7);
}

describe("DATEV export", () => {
  it("books every invoice and cancellation invoice of the period, per VAT rate, summing to the invoices", async () => {
    const { withViewer } = await import("~/server/db/db.server");
    const { readExportRange } = await import("~/lib/admin/export-range");
    const { datevExport, invoiceArchive, invoiceDocumentsInRange } =
      await import("~/server/orders/datev-export.server");
    const { DATEV_COLUMNS } = await import("~/server/orders/datev-format.server");
    const { datevSettingsFrom } = await import("~/server/platform/operator.server");
    const { parseEnv } = await import("~/server/platform/env.server");

    const mixed = await completedOrder(
      [
        { item: BOOK, title: "Das kleine Glücksbuch", quantity: 2, price: 14.9 },
        { item: MUG, title: "Tasse „Glück“", quantity: 1, price: 19.99 },
      ],
      4.9,
    );
    const bookOnly = await completedOrder([{ item: BOOK, title: "Das kleine Glücksbuch", quantity: 1, price: 14.9 }]);
    // Cancelled after payment: a cancellation invoice with the negative total.
    await asService((tx) =>
      sql`update public.orders set status = 'cancelled' where id = ${bookOnly}::uuid`.execute(tx),
    );
    // Its 14,90 € are paid back (the refund the cancellation opened, as "Erstattung ausgeführt" writes it).
    await asService((tx) =>
      sql`insert into public.order_payments (order_id, kind, amount, booked_on)
          values (${bookOnly}::uuid, 'refund', 14.9, (now() at time zone 'Europe/Berlin')::date)`.execute(tx),
    );
    // An invoice of an earlier month stays out of this month's batch.
    const old = await completedOrder([{ item: MUG, title: "Alte Tasse", quantity: 1, price: 9.5 }]);
    await asService((tx) =>
      sql`update public.invoices set issued_at = issued_at - interval '62 days' where order_id = ${old}::uuid`.execute(
        tx,
      ),
    );

    const month = berlinMonth();
    const range = readExportRange(new URLSearchParams({ monat: month }), `${month}-01`);
    if (!range.ok) throw new Error(range.error);
    const settings = datevSettingsFrom(parseEnv({ DATEV_CONSULTANT_NUMBER: "29098", DATEV_CLIENT_NUMBER: "55003" }));
    const admin = await adminViewer();
    const { bytes } = await withViewer(admin, (tx) => datevExport(tx, range, settings, new Date()));
    const invoices = await asService(async (tx) => {
      const { rows } = await sql<{ number: string; kind: string; total_amount: string; order_id: string }>`
        select number, kind, total_amount, order_id from public.invoices
         where to_char(issued_at at time zone 'Europe/Berlin', 'YYYY-MM') = ${month} order by number`.execute(tx);
      return rows;
    });
    expect(invoices.map((i) => i.kind)).toEqual(["invoice", "invoice", "cancellation"]);

    // Parse the file back: Windows-1252, CRLF, ';'.
    const text = iconv.decode(bytes, "win1252");
    // One byte per umlaut: ü is 0xFC in Windows-1252.
    expect(bytes.includes(Buffer.from("Schlüssel", "latin1"))).toBe(true);
    const lines = text.split("\r\n").filter(Boolean);
    const header = lines[0].split(";");
    expect(header.slice(0, 5)).toEqual(['"EXTF"', "700", "21", '"Buchungsstapel"', "13"]);
    expect(header.slice(10, 16)).toEqual([
      "29098",
      "55003",
      `${month.slice(0, 4)}0101`,
      "4",
      range.from.replaceAll("-", ""),
      range.to.replaceAll("-", ""),
    ]);
    expect(header[26]).toBe('"03"');
    expect(lines[1].split(";")).toEqual(DATEV_COLUMNS.map((name) => `"${name}"`));

    const col = (name: (typeof DATEV_COLUMNS)[number]) => DATEV_COLUMNS.indexOf(name);
    const bookings = lines.slice(2).map((line) => {
      const f = line.split(";");
      expect(f).toHaveLength(125);
      return {
        cents: Math.round(Number(f[col("Umsatz (ohne Soll/Haben-Kz)")].replace(",", ".")) * 100),
        side: f[col("Soll/Haben-Kennzeichen")].replaceAll('"', ""),
        account: f[col("Konto")],
        contra: f[col("Gegenkonto (ohne BU-Schlüssel)")],
        document: f[col("Belegfeld 1")].replaceAll('"', ""),
        date: f[col("Belegdatum")],
        text: f[col("Buchungstext")],
      };
    });

    // One booking per invoice and rate: the mixed order has 7 % (books) and 19 % (mug, and the
    // shipping at the higher rate of the goods); the book order 7 % only, and so its cancellation.
    const [first, second, storno] = invoices;
    expect(bookings.map((b) => [b.document, b.side, b.account, b.contra, b.cents])).toEqual([
      [first.number, "S", "10000", "8400", 1999 + 490],
      [first.number, "S", "10000", "8300", 2980],
      [second.number, "S", "10000", "8300", 1490],
      [storno.number, "H", "10000", "8300", 1490],
      // The refund: the bank pays the debtor back; Belegfeld 1 is the order's Stornorechnung.
      [storno.number, "S", "10000", "1200", 1490],
    ]);
    expect(first.order_id).toBe(mixed);
    for (const b of bookings) {
      expect(b.date).toMatch(/^\d{4}$/);
      expect(b.date.slice(2)).toBe(month.slice(5));
      expect(b.text.length).toBeLessThanOrEqual(62); // 60 and the quotes
    }
    expect(bookings[3].text).toContain(`zu ${second.number}`);

    // The signed sum of the invoice bookings is the sum of the invoices' totals (cancellations
    // negative); the refund booking adds what was paid back.
    const booked = bookings.reduce((sum, b) => sum + (b.side === "S" ? b.cents : -b.cents), 0);
    const invoiced = invoices.reduce((sum, i) => sum + Math.round(Number(i.total_amount) * 100), 0);
    expect(booked).toBe(invoiced + 1490);
    expect(bookings[4].text).toBe(`"Erstattung Best. ${bookOnly.slice(0, 8)}"`);
    expect(invoiced).toBe(1999 + 490 + 2980);

    // The ZIP holds one PDF per invoice of the period, none of the earlier month.
    const documents = await withViewer(admin, (tx) => invoiceDocumentsInRange(tx, range));
    const zip = unzipSync(await invoiceArchive(documents));
    expect(Object.keys(zip).sort()).toEqual([
      `${first.number}-Rechnung.pdf`,
      `${second.number}-Rechnung.pdf`,
      `${storno.number}-Stornorechnung.pdf`,
    ]);
    for (const pdf of Object.values(zip)) expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
  }, 60_000);

  it("a Rechnungskorrektur books the returned line on Haben; the Storno after it only the rest", async () => {
    const { withViewer } = await import("~/server/db/db.server");
    const { readExportRange } = await import("~/lib/admin/export-range");
    const { invoicesInRange, invoiceBookings, refundsInRange, refundBookings } =
      await import("~/server/orders/datev-export.server");
    const { refundOrderLines, completeRefund } = await import("~/server/orders/refunds.server");
    const { datevSettingsFrom } = await import("~/server/platform/operator.server");
    const { parseEnv } = await import("~/server/platform/env.server");
    const order = await completedOrder(
      [
        { item: BOOK, title: "Das kleine Glücksbuch", quantity: 2, price: 14.9 },
        { item: MUG, title: "Tasse „Glück“", quantity: 1, price: 19.99 },
      ],
      4.9,
    );
    const mug = await asService((tx) =>
      tx
        .selectFrom("order_items")
        .select("id")
        .where("order_id", "=", order)
        .where("item_id", "=", MUG)
        .executeTakeFirstOrThrow(),
    );
    const admin = (await adminViewer()) as { role: "authenticated"; userId: string; email: string };
    const { correction } = await withViewer(admin, (tx) =>
      refundOrderLines(tx, order, [{ item: mug.id, quantity: 1 }]),
    );
    const refund = await asService((tx) =>
      tx.selectFrom("refunds").select("id").where("order_id", "=", order).executeTakeFirstOrThrow(),
    );
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
    await withViewer(admin, (tx) => completeRefund(tx, { id: admin.userId, email: admin.email }, refund.id, today));
    await asService((tx) => sql`update public.orders set status = 'cancelled' where id = ${order}::uuid`.execute(tx));

    const month = berlinMonth();
    const range = readExportRange(new URLSearchParams({ monat: month }), `${month}-01`);
    if (!range.ok) throw new Error(range.error);
    const settings = datevSettingsFrom(parseEnv({}));
    const { invoices, refunds } = await withViewer(admin, async (tx) => ({
      invoices: (await invoicesInRange(tx, range)).filter((i) => i.orderId === order),
      refunds: (await refundsInRange(tx, range)).filter((r) => r.orderId === order),
    }));
    const [invoice, corrected, storno] = invoices;
    expect(invoices.map((i) => [i.kind, i.totalAmount])).toEqual([
      ["invoice", 54.69],
      ["correction", -19.99],
      ["cancellation", -34.7],
    ]);
    expect(corrected.number).toBe(correction);
    const rows = [...invoiceBookings(invoices, settings), ...refundBookings(refunds, settings)].map((b) => [
      b.document,
      b.side,
      b.contraAccount,
      b.amountCents,
    ]);
    expect(rows).toEqual([
      [invoice.number, "S", "8400", 1999 + 490],
      [invoice.number, "S", "8300", 2980],
      [correction, "H", "8400", 1999],
      // The Storno cancels what the correction left: the books and the shipping (19 %, the
      // highest rate of the parcel's goods, as on the invoice).
      [storno.number, "H", "8400", 490],
      [storno.number, "H", "8300", 2980],
      // The partial refund paid names its own Rechnungskorrektur.
      [correction, "S", "1200", 1999],
    ]);
    expect(invoiceBookings([corrected], settings)[0].text).toContain(`Korrektur ${correction} zu ${invoice.number}`);
  }, 60_000);

  it("the admin's sales overview shows the month the DATEV export books", async () => {
    const { withViewer } = await import("~/server/db/db.server");
    const { readExportRange } = await import("~/lib/admin/export-range");
    const { invoicesInRange, invoiceBookings } = await import("~/server/orders/datev-export.server");
    const { salesOverview } = await import("~/server/admin/sales-overview.server");
    const { datevSettingsFrom } = await import("~/server/platform/operator.server");
    const { parseEnv } = await import("~/server/platform/env.server");
    const { invoiceSums } = await import("~/lib/invoice");
    const admin = await adminViewer();
    const month = berlinMonth();
    const range = readExportRange(new URLSearchParams({ monat: month }), `${month}-01`);
    if (!range.ok) throw new Error(range.error);
    const { overview, invoices } = await withViewer(admin, async (tx) => ({
      overview: await salesOverview(tx, new Date()),
      invoices: await invoicesInRange(tx, range),
    }));
    expect(overview.months).toHaveLength(12);
    const row = overview.months.at(-1)!;
    expect(row.month).toBe(month);
    // Gross: the signed sum of the month's revenue bookings (debtor on Soll less Haben).
    const bookings = invoiceBookings(invoices, datevSettingsFrom(parseEnv({})));
    const booked = bookings.reduce((sum, b) => sum + (b.side === "S" ? b.amountCents : -b.amountCents), 0);
    expect(invoices.length).toBeGreaterThan(3);
    expect(row.grossCents).toBe(booked);
    // Net: the invoices' own net sums, credits negative.
    const net = invoices.reduce(
      (sum, i) => sum + (i.kind === "invoice" ? 1 : -1) * Math.round(invoiceSums(i.lines, i.vatMode).net * 100),
      0,
    );
    expect(row.netCents).toBe(net);
    // The invoice of an earlier month (62 days back) is in its own month, not this one.
    expect(overview.months.slice(0, 11).some((m) => m.grossCents === 950)).toBe(true);
    expect(row.orders).toBeGreaterThanOrEqual(4);
  });

  it("a month without invoices is a file with the two header lines, not an error", async () => {
    const { withViewer } = await import("~/server/db/db.server");
    const { readExportRange } = await import("~/lib/admin/export-range");
    const { datevExport } = await import("~/server/orders/datev-export.server");
    const { DATEV_COLUMNS } = await import("~/server/orders/datev-format.server");
    const { datevSettingsFrom } = await import("~/server/platform/operator.server");
    const { parseEnv } = await import("~/server/platform/env.server");
    const range = readExportRange(new URLSearchParams({ monat: "2001-02" }), "2001-02-01");
    if (!range.ok) throw new Error(range.error);
    const settings = datevSettingsFrom(parseEnv({}));
    const { bytes } = await withViewer(await adminViewer(), (tx) => datevExport(tx, range, settings, new Date()));
    const lines = iconv.decode(bytes, "win1252").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0].split(";").slice(0, 4)).toEqual(['"EXTF"', "700", "21", '"Buchungsstapel"']);
    expect(lines[0].split(";").slice(14, 16)).toEqual(["20010201", "20010228"]);
    expect(lines[1].split(";")).toEqual(DATEV_COLUMNS.map((name) => `"${name}"`));
  });

  it("shows a member nothing: RLS leaves only their own invoices", async () => {
    const { withViewer } = await import("~/server/db/db.server");
    const { invoicesInRange } = await import("~/server/orders/datev-export.server");
    const { createUser } = await import("~/server/members/accounts.server");
    const email = `mitglied-${Date.now().toString(36)}@example.com`;
    const userId = await createUser({ email, password: "sicheres-Passwort-123", emailConfirmed: true });
    const rows = await withViewer({ role: "authenticated", userId, email }, (tx) =>
      invoicesInRange(tx, { from: "2000-01-01", to: "2999-12-31" }),
    );
    expect(rows).toEqual([]);
  });
});
