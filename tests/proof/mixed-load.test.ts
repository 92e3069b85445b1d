// Mixed load on the production build with the embedded database: 50 customers at once browse
// the catalogue, fill their carts, check out and sign in through the real form for 60 s. Proves
// that nothing breaks under pressure (no network error, no 5xx) and that the orders in the
// database are exactly the confirmed checkouts, each complete and with the right total.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInViaHook, startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { freshDataDir } from "./support/data-dir";
import { auditPGlite } from "./support/order-audit";
import { RequestStats } from "./support/request-stats";
import { catalogueIds, ShopClient } from "./support/shop-client";

const CLIENTS = 50;
const SECONDS = Number(process.env.PROOF_LOAD_SECONDS ?? 60);
/** The password signInViaHook gives the accounts it creates. */
const PASSWORD = "proof-password-123";

/** What each kind of request must answer when all is well. */
const EXPECTED_STATUS: Record<string, number> = {
  browse: 200,
  "cart-add": 302,
  "checkout-form": 200,
  "checkout-submit": 302,
  confirmation: 200,
  "sign-in": 302,
};

let server: AppServer;
let dataDir: Awaited<ReturnType<typeof freshDataDir>>;

beforeAll(async () => {
  dataDir = await freshDataDir("mixed-load");
  server = await startAppServer({ env: { DATA_DIR: dataDir.dir }, stdio: "pipe" });
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await dataDir?.remove();
});

/** The catalogue as a visitor finds it: every detail page linked from the lists. */
async function discoverCatalogue(base: string) {
  const visitor = new ShopClient(base);
  const ids = {
    products: catalogueIds((await visitor.send("setup", "/products")).body, "products"),
    events: catalogueIds((await visitor.send("setup", "/events")).body, "events"),
    courses: catalogueIds((await visitor.send("setup", "/courses")).body, "courses"),
  };
  // Only products that can be bought go into carts (a sold-out one is refused, as it should be).
  const buyable: string[] = [];
  for (const id of ids.products) {
    const answer = await visitor.send("setup", "/cart", {
      form: { intent: "add", itemId: id, itemType: "product", quantity: "1", _js: "1" },
    });
    if (answer.status === 200) buyable.push(id);
  }
  const pages = [
    "/",
    "/products",
    "/events",
    "/courses",
    ...ids.products.map((id) => `/products/${id}`),
    ...ids.events.map((id) => `/events/${id}`),
    ...ids.courses.map((id) => `/courses/${id}`),
  ];
  return { pages, buyable, ids };
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

describe("mixed load: 50 customers for 60 s on the embedded database", () => {
  it("answers every request without a network error or 5xx, and every confirmed checkout is exactly one complete order", async () => {
    const { pages, buyable, ids } = await discoverCatalogue(server.base);
    expect(ids.products.length, "products listed").toBeGreaterThan(0);
    expect(ids.events.length, "events listed").toBeGreaterThan(0);
    expect(ids.courses.length, "courses listed").toBeGreaterThan(0);
    expect(buyable.length, "buyable products").toBeGreaterThan(0);

    // The accounts exist before the load starts (the hook creates them and signs them in).
    const emails = Array.from({ length: CLIENTS }, (_, n) => `load-${n}-${Date.now()}@example.com`);
    const sessions: string[] = [];
    for (const email of emails) sessions.push(await signInViaHook(server.base, email));

    const stats = new RequestStats();
    const confirmed: string[] = [];
    const failedCheckouts: string[] = [];
    const failedSignIns: string[] = [];
    const until = performance.now() + SECONDS * 1000;
    const running = () => performance.now() < until;

    await Promise.all(
      emails.map(async (email, n) => {
        const customer = new ShopClient(server.base, stats);
        customer.jar.setHeader(sessions[n]);
        for (let round = 0; running(); round++) {
          for (let i = 0; i < 3 && running(); i++) await customer.send("browse", pick(pages));
          if (!running()) break;
          // Every fourth round the customer signs in again through the form, as a returning visitor would.
          if (round % 4 === n % 4 && !(await customer.signInWithForm(email, PASSWORD))) failedSignIns.push(email);
          if (!running()) break;
          await customer.addToCart(pick(buyable), 1 + Math.floor(Math.random() * 3));
          // Carts grow over a few rounds, so orders have one or several lines.
          if (round % 2 === 1 && running()) {
            const { orderId, answer } = await customer.checkout();
            if (!orderId) {
              failedCheckouts.push(`${answer.status} ${answer.location ?? answer.body.slice(0, 200)}`);
              continue;
            }
            confirmed.push(orderId);
            await customer.send("confirmation", `/order-confirmation/${orderId}`);
          }
        }
      }),
    );
    console.log(stats.summary(`mixed load, ${CLIENTS} clients, PGlite`) + `; ${confirmed.length} orders confirmed`);

    const stopped = await server.stop("SIGTERM");
    expect(stopped, `server shut down cleanly; output:\n${server.output().slice(-2000)}`).toEqual({
      code: 0,
      signal: null,
    });

    expect(stats.networkErrors.slice(0, 5), "network errors").toEqual([]);
    expect(stats.serverErrors(), "5xx answers").toEqual([]);
    for (const [kind, byStatus] of Object.entries(stats.statuses)) {
      expect({ kind, byStatus }).toEqual({ kind, byStatus: { [EXPECTED_STATUS[kind]]: stats.count(kind) } });
    }
    expect(failedCheckouts.slice(0, 5), "checkouts without confirmation").toEqual([]);
    expect(failedSignIns.slice(0, 5), "form sign-ins refused").toEqual([]);
    // The load really exercised checkout and sign-in (how many depends on the machine's speed).
    expect(confirmed.length, "confirmed checkouts").toBeGreaterThanOrEqual(10);
    expect(stats.count("sign-in"), "form sign-ins").toBeGreaterThanOrEqual(10);

    const audit = await auditPGlite(dataDir.dir);
    expect(new Set(confirmed).size, "each confirmation names its own order").toBe(confirmed.length);
    expect([...audit.ids].sort(), "orders in the database = confirmed checkouts").toEqual([...confirmed].sort());
    expect(audit.withoutItems, "orders without items").toEqual([]);
    expect(audit.wrongTotals, "orders whose total is not the sum of their items").toEqual([]);
  });
});
