// The server's start-up step (app/server/platform/shop-settings.server.ts) on the app's own data path, both
// engines: it writes the configuration into shop_settings through the service role, and gives
// invoices issued before snapshots existed the operator data they were rendered with so far, once.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../app/server/db/client.server";
import { SERVICE, viewerTransaction } from "../../app/server/db/db.server";
import { parseEnv } from "../../app/server/platform/env.server";
import { operatorFrom } from "../../app/server/platform/operator.server";
import { syncShopSettings } from "../../app/server/platform/shop-settings.server";
import { ENGINES, type EngineName } from "./engines";

async function open(name: EngineName): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (name === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://", seed: false });
    return { handle, drop: async () => {} };
  }
  const admin = new pg.Client({ connectionString: inject("pgUrl") });
  await admin.connect();
  const database = `t_${randomBytes(6).toString("hex")}`;
  await admin.query(`create database ${database}`);
  const url = new URL(inject("pgUrl"));
  url.pathname = `/${database}`;
  const handle = await openDatabase({ databaseUrl: url.href, seed: false });
  return {
    handle,
    drop: async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

const configured = (name: string, extra: Record<string, string> = {}) =>
  operatorFrom(parseEnv({ OPERATOR_NAME: name, OPERATOR_CITY: "Leipzig", ...extra }));

describe.each(ENGINES)("shop settings at start [%s]", (name) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await open(name));
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const asService = <T>(fn: Parameters<typeof viewerTransaction<T>>[2]) => viewerTransaction(handle.db, SERVICE, fn);
  const settings = () =>
    asService((tx) =>
      tx.selectFrom("shop_settings").select(["seller", "vat_mode", "shipping_fee"]).executeTakeFirstOrThrow(),
    );

  it("writes seller, VAT mode and shipping fee from the configuration, and again on the next start", async () => {
    await syncShopSettings(handle.db, { operator: configured("Glücksladen Müller e. K."), shippingFee: 4.9 });
    expect(await settings()).toMatchObject({
      seller: { company: "Glücksladen Müller e. K.", city: "Leipzig", bank: { iban: "DE89370400440532013000" } },
      vat_mode: "regular",
      shipping_fee: 4.9,
    });
    await syncShopSettings(handle.db, {
      operator: configured("Glücksladen Müller e. K.", { VAT_MODE: "small-business" }),
      shippingFee: 0,
    });
    expect(await settings()).toMatchObject({ vat_mode: "small-business", shipping_fee: 0 });
    const [{ count }] = await asService(
      async (tx) =>
        (await sql<{ count: number }>`select count(*)::int as count from public.shop_settings`.execute(tx)).rows,
    );
    expect(count).toBe(1);
  });

  it("fills an invoice issued before snapshots existed once, then leaves it alone", async () => {
    const invoiceId = await asService(async (tx) => {
      const order = await tx
        .insertInto("orders")
        .values({ customer_name: "Alt Kunde", customer_email: "alt@example.com", total_amount: 10 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const invoice = await tx
        .insertInto("invoices")
        .values({
          number: "RE-2099-000001",
          kind: "invoice",
          order_id: order.id,
          supply_date: "2099-01-01",
          total_amount: 10,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return invoice.id;
    });
    const snapshot = () =>
      asService((tx) =>
        tx.selectFrom("invoices").select(["seller", "vat_mode"]).where("id", "=", invoiceId).executeTakeFirstOrThrow(),
      );
    expect(await snapshot()).toEqual({ seller: null, vat_mode: null });

    await syncShopSettings(handle.db, { operator: configured("Erste Firma"), shippingFee: 0 });
    expect(await snapshot()).toMatchObject({ seller: { company: "Erste Firma" }, vat_mode: "regular" });

    await syncShopSettings(handle.db, {
      operator: configured("Zweite Firma", { VAT_MODE: "small-business" }),
      shippingFee: 0,
    });
    expect(await snapshot()).toMatchObject({ seller: { company: "Erste Firma" }, vat_mode: "regular" });
  });
});
