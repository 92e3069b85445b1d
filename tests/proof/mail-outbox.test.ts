// The mail outbox on the embedded database: a mail server outage costs a checkout nothing and loses
// no mail, and neither does a kill -9 with mails still queued. Every order confirmation arrives
// exactly once (counted by order number and Message-ID in what the SMTP server received).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { percentile } from "../../scripts/lib/load.mjs";
import { signedInCustomers } from "./support/checkout-load";
import { freshDataDir } from "./support/data-dir";
import type { ShopClient } from "./support/shop-client";
import { duplicates, startSmtpSink } from "./support/smtp-sink";

/** A product that is always for sale in the seed data (Dankbarkeitstagebuch). */
const PRODUCT = "b0000000-0000-4000-8000-000000000001";
const OUTAGE_MS = 60_000;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: Awaited<ReturnType<typeof freshDataDir>>;
const servers: AppServer[] = [];

async function start() {
  const server = await startAppServer({
    stdio: "pipe",
    env: {
      DATA_DIR: dataDir.dir,
      SMTP_URL: sink.url,
      // Test pace: retries after 0.5 s, 1 s, then every 2 s; claims of a killed server run out after 5 s.
      MAIL_RETRY_BASE_MS: "500",
      MAIL_RETRY_MAX_MS: "2000",
      MAIL_POLL_MS: "250",
      MAIL_LEASE_MS: "5000",
    },
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await freshDataDir("mail-outbox");
});

afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await sink?.stop();
  await dataDir?.remove();
});

/** `count` checkouts by the customers in parallel; the time of each (form + order) in ms. */
async function checkouts(customers: ShopClient[], count: number) {
  const orderIds: string[] = [];
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    customers.map(async (customer) => {
      while (next < count) {
        next++;
        await customer.addToCart(PRODUCT, 1);
        const started = performance.now();
        const { orderId, answer } = await customer.checkout();
        durations.push(performance.now() - started);
        if (!orderId) throw new Error(`checkout refused: ${answer.status} ${answer.body.slice(0, 200)}`);
        orderIds.push(orderId);
      }
    }),
  );
  return {
    orderIds,
    p95: Math.round(
      percentile(
        [...durations].sort((a, b) => a - b),
        95,
      ),
    ),
  };
}

const orderNumber = (orderId: string) => orderId.slice(0, 8).toLowerCase();

/** Each order's confirmation is there exactly once, and no Message-ID came twice. */
function expectEachConfirmedOnce(orderIds: string[]) {
  const subjects = sink.mails.map((m) => m.subject);
  const counts = orderIds.map((id) => subjects.filter((s) => s.includes(orderNumber(id))).length);
  expect(
    orderIds.filter((_, i) => counts[i] !== 1).map((id, i) => `${orderNumber(id)}: ${counts[i]}×`),
    "orders whose confirmation did not arrive exactly once",
  ).toEqual([]);
  expect(duplicates(sink.mails.map((m) => m.messageId)), "Message-IDs delivered twice").toEqual([]);
}

describe("mail outbox on the embedded database", () => {
  let customers: ShopClient[];

  it("SMTP down for 60 s during 100 checkouts: every confirmation arrives once afterwards, checkouts as fast as with it up", async () => {
    const server = await start();
    customers = await signedInCustomers(server.base, 5, "outbox");

    // The comparison: the same checkouts with the mail server up (fewer: the test's time is short).
    const up = await checkouts(customers, 40);
    await sink.waitFor(40, 30_000);

    await sink.stop();
    const downSince = performance.now();
    const down = await checkouts(customers, 100);
    const checkoutsTookMs = Math.round(performance.now() - downSince);
    expect(sink.mails).toHaveLength(40);
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (performance.now() - downSince))));
    await sink.start();
    const back = performance.now();
    await sink.waitFor(140, 30_000);
    const drainedMs = Math.round(performance.now() - back);
    await new Promise((r) => setTimeout(r, 1_500)); // nothing arrives a second time later

    expectEachConfirmedOnce([...up.orderIds, ...down.orderIds]);
    expect(sink.mails).toHaveLength(140);
    console.log(
      `SMTP outage: checkout p95 ${up.p95} ms with the mail server up, ${down.p95} ms with it down ` +
        `(100 checkouts in ${checkoutsTookMs} ms); all 100 held confirmations delivered ${drainedMs} ms after it returned`,
    );
    // ± noise: the same machine, two runs of 100; a checkout that waited for SMTP would take seconds.
    expect(down.p95).toBeLessThanOrEqual(up.p95 * 1.5 + 250);
  });

  it("kill -9 with mails queued: after the restart every queued mail is delivered once", async () => {
    const first = servers[servers.length - 1];
    await sink.stop();
    for (const customer of customers) customer.base = first.base;
    const queued = await checkouts(customers, 20);
    await new Promise((r) => setTimeout(r, 1_000)); // a few failed attempts each
    await first.stop("SIGKILL");
    await sink.start();
    const before = sink.mails.length;

    const second = await start();
    await sink.waitFor(before + 20, 30_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sink.mails.length - before).toBe(20);
    expectEachConfirmedOnce(queued.orderIds);
    await second.stop("SIGTERM");
  });
});
