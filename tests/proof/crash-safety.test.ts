// Crash safety on the embedded database: what a customer was promised survives the server being
// killed (kill -9) or stopped (SIGTERM) in the middle of checkouts, and a second server on the
// same data directory is refused instead of corrupting it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formBody, startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { signedInCustomers, startCheckoutLoad, type Confirmation } from "./support/checkout-load";
import { copiedDataDir, freshDataDir } from "./support/data-dir";
import { auditPGlite } from "./support/order-audit";
import { CHECKOUT_ADDRESS, checkoutFormFields, ShopClient } from "./support/shop-client";
import { startSlowPost } from "./support/slow-request";

const CLIENTS = 10;
/** A product that is always for sale in the seed data (Dankbarkeitstagebuch). */
const PRODUCT = "b0000000-0000-4000-8000-000000000001";
/** How long a stopping server may take at most (server.mjs forces open connections closed after 10 s). */
const SHUTDOWN_BOUND_MS = 20_000;

const servers: AppServer[] = [];
const dirs: Awaited<ReturnType<typeof freshDataDir>>[] = [];

async function start(dataDir: string) {
  const server = await startAppServer({ env: { DATA_DIR: dataDir }, stdio: "pipe" });
  servers.push(server);
  return server;
}

/** Migrated and seeded once; every test works on its own copy. */
let template: Awaited<ReturnType<typeof freshDataDir>>;

beforeAll(async () => {
  template = await freshDataDir("crash-template");
  const server = await startAppServer({ env: { DATA_DIR: template.dir }, stdio: "pipe" });
  expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
});

async function newDataDir(name: string) {
  const dir = await copiedDataDir(template.dir, name);
  dirs.push(dir);
  return dir.dir;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop("SIGKILL");
  for (const dir of dirs.splice(0)) await dir.remove();
});

afterAll(async () => {
  await template?.remove();
});

const lockOwner = (dataDir: string) => Number(readFileSync(path.join(dataDir, "behappy.lock"), "utf8").split(" ")[0]);

/**
 * After a restart, every confirmed order is there for its customer (their session lives in the
 * database too), and in the database every order — confirmed or caught mid-flight — is whole.
 */
async function expectOrdersSurvived(
  server: AppServer,
  dataDir: string,
  confirmed: Confirmation[],
  maxUnconfirmed: number,
) {
  // A few at a time: the check is what each customer sees, not another load test.
  for (let i = 0; i < confirmed.length; i += 5) {
    await Promise.all(
      confirmed.slice(i, i + 5).map(async ({ orderId, customer }) => {
        const own = await customer.send("confirmation", `/order-confirmation/${orderId}`);
        expect(own.status, `order ${orderId} after the restart`).toBe(200);
        expect(own.body).toContain("Vielen Dank für deine Bestellung!");
      }),
    );
  }
  expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });

  const audit = await auditPGlite(dataDir);
  const ids = new Set(audit.ids);
  expect(
    confirmed.map((c) => c.orderId).filter((id) => !ids.has(id)),
    "confirmed orders lost",
  ).toEqual([]);
  expect(audit.withoutItems, "orders without items").toEqual([]);
  expect(audit.wrongTotals, "orders whose total is not the sum of their items").toEqual([]);
  // An order placed in the moment of the crash may exist without its confirmation having reached
  // the customer (at most one per customer in flight); none is counted twice.
  expect(new Set(confirmed.map((c) => c.orderId)).size).toBe(confirmed.length);
  expect(audit.ids.length - confirmed.length).toBeGreaterThanOrEqual(0);
  expect(audit.ids.length - confirmed.length).toBeLessThanOrEqual(maxUnconfirmed);
  return audit;
}

describe("crash safety on the embedded database", () => {
  it("kill -9 in the middle of checkouts: the restart opens the data dir and every confirmed order is complete", async () => {
    const dataDir = await newDataDir("kill9");
    const first = await start(dataDir);
    const customers = await signedInCustomers(first.base, CLIENTS, "kill9");
    const load = startCheckoutLoad(customers, PRODUCT, { seconds: 120 });
    await load.confirmations(15);

    await first.stop("SIGKILL");
    await load.done;
    expect(load.refused, "checkouts refused before the crash").toEqual([]);
    // The dead process's lock is still there: the restart has to see that its owner is gone.
    expect(lockOwner(dataDir)).toBe(first.pid);

    const second = await start(dataDir);
    expect(lockOwner(dataDir)).toBe(second.pid);
    for (const customer of customers) customer.base = second.base;
    const audit = await expectOrdersSurvived(second, dataDir, load.confirmed, CLIENTS);
    console.log(
      `kill -9: ${load.confirmed.length} checkouts confirmed before the kill, ${audit.ids.length} orders after the restart ` +
        `(${audit.ids.length - load.confirmed.length} placed in the moment of the kill), restart to first 200 in ${second.startupMs} ms`,
    );
  });

  it("SIGTERM in the middle of checkouts: requests in flight are answered, the process exits 0, the restart has every order", async () => {
    const dataDir = await newDataDir("sigterm");
    const first = await start(dataDir);
    const customers = await signedInCustomers(first.base, CLIENTS + 1, "sigterm");
    const latecomer = customers.pop()!;
    const load = startCheckoutLoad(customers, PRODUCT, { seconds: 120 });
    await load.confirmations(10);

    // One checkout is held open in the middle of its upload while the signal arrives.
    await latecomer.addToCart(PRODUCT, 2);
    const form = await latecomer.send("checkout-form", "/checkout");
    const fields = checkoutFormFields(form.body);
    expect(fields, "checkout form").toBeTruthy();
    const inFlight = await startSlowPost(
      first.base,
      "/checkout",
      latecomer.jar.header(),
      formBody({ ...fields!, ...CHECKOUT_ADDRESS }),
    );
    await new Promise((r) => setTimeout(r, 1_000));

    const signalAt = performance.now();
    first.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status, `the in-flight checkout: ${answer.body.slice(0, 300)}`).toBe(302);
    const heldOrder = answer.location?.match(/\/order-confirmation\/([0-9a-f-]{36})/)?.[1];
    expect(heldOrder, "the in-flight checkout was confirmed").toBeTruthy();

    const exit = await Promise.race([
      first.exited,
      new Promise((r) => setTimeout(() => r("still running"), SHUTDOWN_BOUND_MS)),
    ]);
    const stoppedMs = Math.round(performance.now() - signalAt);
    expect(exit, `exit within ${SHUTDOWN_BOUND_MS} ms; output:\n${first.output().slice(-2000)}`).toEqual({
      code: 0,
      signal: null,
    });
    load.stop();
    await load.done;
    expect(load.refused, "checkouts refused before the stop").toEqual([]);
    // Requests sent well before the signal were all answered; only those that raced the closing
    // listener (or came after it) may have found it closed.
    const cutOffs = load.failures.filter((f) => f.sentAt < signalAt - 1_000);
    expect(cutOffs, "requests sent before the signal that were cut off").toEqual([]);
    // A clean stop releases the data dir.
    expect(
      existsSync(path.join(dataDir, "behappy.lock")),
      `lock released; output:\n${first.output().slice(-3000)}`,
    ).toBe(false);

    const second = await start(dataDir);
    for (const customer of [...customers, latecomer]) customer.base = second.base;
    const confirmed = [...load.confirmed, { orderId: heldOrder!, customer: latecomer }];
    const audit = await expectOrdersSurvived(second, dataDir, confirmed, CLIENTS);
    console.log(
      `SIGTERM: ${confirmed.length} checkouts confirmed (one held mid-upload across the signal), exit 0 after ${stoppedMs} ms, ` +
        `${audit.ids.length} orders after the restart, ${load.failures.length} requests refused after the signal`,
    );
  });

  it("a second server on the same data dir refuses to start with a clear message, and the first keeps serving", async () => {
    const dataDir = await newDataDir("second");
    const first = await start(dataDir);
    const refusal = await startAppServer({ env: { DATA_DIR: dataDir }, stdio: "pipe" }).then(
      (second) => {
        servers.push(second);
        return null;
      },
      (error: Error) => error,
    );
    expect(refusal, "the second server started").toBeInstanceOf(Error);
    expect(refusal!.message).toMatch(/exited during start-up \(code 1\)/);
    expect(refusal!.message).toContain(`DATA_DIR ${dataDir} is in use by process ${first.pid}. Stop that server first`);

    expect(lockOwner(dataDir)).toBe(first.pid);
    const visitor = new ShopClient(first.base);
    expect((await visitor.send("browse", "/products")).status).toBe(200);
    expect((await visitor.send("health", "/healthz")).status).toBe(200);
    const [customer] = await signedInCustomers(first.base, 1, "second");
    await customer.addToCart(PRODUCT);
    expect((await customer.checkout()).orderId, "the first server still takes orders").toBeTruthy();
  });
});
