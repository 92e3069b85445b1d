import pg from "pg";

/** What the database holds about orders, read as superuser (no RLS) after or beside the app. */
export interface OrderAudit {
  /** Every order id. */
  ids: string[];
  /** Orders without a single item. */
  withoutItems: string[];
  /** Orders whose total_amount is not the sum of price × quantity of their items. */
  wrongTotals: string[];
}

const AUDIT_SQL = `
  select o.id::text as id,
         (select count(*)::int from public.order_items i where i.order_id = o.id) as items,
         o.total_amount::text as total,
         (select coalesce(sum(i.price * i.quantity), 0)::text from public.order_items i where i.order_id = o.id) as item_sum
  from public.orders o`;

type Row = { id: string; items: number; total: string; item_sum: string };

function toAudit(rows: Row[]): OrderAudit {
  return {
    ids: rows.map((r) => r.id),
    withoutItems: rows.filter((r) => r.items === 0).map((r) => r.id),
    // numeric as text on both sides: compares cents exactly, no float rounding.
    wrongTotals: rows
      .filter((r) => Number(r.total).toFixed(2) !== Number(r.item_sum).toFixed(2))
      .map((r) => `${r.id}: ${r.total} ≠ ${r.item_sum}`),
  };
}

/**
 * Opens a PGlite data dir in this process (the server must have stopped: it is one process's
 * database) with the extension the schema needs, as scripts/bench.mjs does.
 */
export async function auditPGlite(dataDir: string): Promise<OrderAudit> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    return toAudit((await db.query<Row>(AUDIT_SQL)).rows);
  } finally {
    await db.close();
  }
}

export async function auditPostgres(url: string): Promise<OrderAudit> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return toAudit((await client.query<Row>(AUDIT_SQL)).rows);
  } finally {
    await client.end();
  }
}
