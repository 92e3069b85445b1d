import { sql, type Kysely } from "kysely";
import { sellerOf, type Operator } from "~/lib/operator";
import { SERVICE, viewerTransaction, type Tx } from "~/server/db/transaction.server";
import type { Database } from "~/server/db/types.server";

export interface ShopSettings {
  operator: Operator;
  shippingFee: number;
}

/**
 * Writes this deployment's configuration into `public.shop_settings`, the row SQL reads when it
 * prices an order (shipping fee) and issues an invoice (seller, VAT mode). Runs at every start
 * through the service role, so the database never disagrees with the environment for longer than
 * a restart. Invoices issued before snapshots existed get the data they have been rendered with
 * until now, and are frozen from then on.
 */
export async function writeShopSettings(tx: Tx, { operator, shippingFee }: ShopSettings) {
  const seller = JSON.stringify(sellerOf(operator));
  await sql`
    insert into public.shop_settings (id, seller, vat_mode, shipping_fee, updated_at)
    values (true, ${seller}::jsonb, ${operator.vatMode}, ${shippingFee}, now())
    on conflict (id) do update
      set seller = excluded.seller, vat_mode = excluded.vat_mode, shipping_fee = excluded.shipping_fee,
          updated_at = excluded.updated_at
      where (shop_settings.seller, shop_settings.vat_mode, shop_settings.shipping_fee)
        is distinct from (excluded.seller, excluded.vat_mode, excluded.shipping_fee)`.execute(tx);
  await sql`
    update public.invoices set seller = ${seller}::jsonb, vat_mode = ${operator.vatMode}
    where seller is null or vat_mode is null`.execute(tx);
}

/** The start-up step (db.server.ts): one transaction as the service role, on the app's one data path. */
export function syncShopSettings(db: Kysely<Database>, settings: ShopSettings) {
  return viewerTransaction(db, SERVICE, (tx) => writeShopSettings(tx, settings));
}
