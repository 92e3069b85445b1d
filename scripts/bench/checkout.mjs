// Checkout under load: N signed-in members each add to cart → GET /checkout → POST /checkout in a
// loop; afterwards the database is asked how many of the confirmed orders exist (lost / doubled)
// and whether every order's total is the sum of its items.
import pg from "pg";
import { cookiesOf, FORM_HEADERS, formBody, signInViaHook } from "../lib/app-server.mjs";
import { load } from "../lib/load.mjs";
import { PRODUCT_ID } from "./pages.mjs";

export async function measureCheckout(base, engine, clients, seconds) {
  const sessions = await Promise.all(
    Array.from({ length: clients }, (_, n) => signInViaHook(base, `bench-${engine}-${n}-${Date.now()}@example.com`)),
  );
  const confirmed = [];
  const result = await load({
    connections: clients,
    seconds,
    request: async (worker) => {
      const session = sessions[worker];
      const added = await fetch(`${base}/cart`, {
        method: "POST",
        headers: { ...FORM_HEADERS, Cookie: session },
        body: formBody({ intent: "add", itemId: PRODUCT_ID, itemType: "product", quantity: "1" }),
        redirect: "manual",
      });
      const cookie = `${session}; ${cookiesOf(added)}`;
      const page = await (await fetch(`${base}/checkout`, { headers: { Cookie: cookie } })).text();
      const token = page.match(/name="checkoutToken" value="([0-9a-f-]{36})"/)?.[1];
      const summary = page.match(/name="summary" value="([^"]+)"/)?.[1];
      if (!token || !summary) return 599;
      const fields = {
        checkoutToken: token,
        summary,
        firstName: "Bench",
        lastName: "Kunde",
        // Read-only in the form; the order takes the account's address.
        email: "bench@example.com",
        street: "Weg 1",
        zipcode: "10115",
        city: "Berlin",
        country: "Deutschland",
      };
      const placed = await fetch(`${base}/checkout`, {
        method: "POST",
        headers: { ...FORM_HEADERS, Cookie: cookie },
        body: formBody(fields),
        redirect: "manual",
      });
      const id = (placed.headers.get("location") ?? "").match(/\/order-confirmation\/([0-9a-f-]{36})/)?.[1];
      if (id) confirmed.push(id);
      return id ? 200 : placed.status;
    },
  });
  return { ...result, confirmed };
}

// By the ids the run saw confirmed: the order's e-mail is the account's (each client has its own).
// A total is the lines' sum less the voucher's discount plus the shipping fee.
const COUNT_SQL = `select count(*)::int as orders,
  count(*) filter (where total_amount <> (select coalesce(sum(i.price * i.quantity), -1) from public.order_items i where i.order_id = o.id)
    - o.discount_amount + o.shipping_fee)::int as bad_totals
  from public.orders o where o.id = any($1::uuid[])`;

/** Orders of the run as the database has them (after the server stopped, for PGlite). */
export async function countOrders(engine, target, ids) {
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    const { rows } = await client.query(COUNT_SQL, [ids]);
    await client.end();
    return rows[0];
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create({ dataDir: target, extensions: { pg_trgm } });
  const { rows } = await db.query(COUNT_SQL, [ids]);
  await db.close();
  return rows[0];
}

/** The checkout figures for the report: throughput, and lost / doubled / wrong orders. */
export function checkoutFigures(run, counted, seconds) {
  const unique = new Set(run.confirmed).size;
  return {
    ordersPerSecond: run.confirmed.length / seconds,
    confirmed: run.confirmed.length,
    inDatabase: counted.orders,
    lost: Math.max(0, run.confirmed.length - counted.orders),
    doubled: Math.max(0, counted.orders - unique) + (run.confirmed.length - unique),
    badTotals: counted.bad_totals,
    p50: run.p50,
    p95: run.p95,
    errors: run.errors,
  };
}
