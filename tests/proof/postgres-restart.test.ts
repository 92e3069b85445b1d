// A PostgreSQL outage under page load: while the database is down every page answers quickly
// with the app's German error page (or still succeeds from a cache), the app server survives,
// and once PostgreSQL is back the pages work again without restarting the app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInViaHook, startAppServer, type AppServer } from "../../scripts/lib/app-server.mjs";
import { startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";
import { ShopClient } from "./support/shop-client";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";
/**
 * Pages a visitor and a member load. The member's dashboard needs the database, but for the page
 * cache's copy of it, which is served only while the member data version was checked within the
 * last second (decision 0024).
 */
const PAGES = ["/", "/products", "/events", `/products/${PRODUCT}`, "/dashboard"];
const OUTAGE_MS = 5_000;
const CLIENTS_PER_PAGE = 3;
/** "immediate" aborts PostgreSQL like a crash: connections die without a goodbye. */
const STOP_MODE = (process.env.PROOF_PG_STOP_MODE ?? "immediate") as "fast" | "immediate";
/** No answer may take longer than this, database or not. */
const ANSWER_BOUND_MS = 10_000;
/** After PostgreSQL is back, every page must work again within this. */
const RECOVERY_BOUND_MS = 15_000;

/** Text of the app's error states (root error boundary, catalogue list/detail errors). */
const GERMAN_ERROR =
  /Oops! Etwas ist schiefgelaufen|Wir haben gerade technische Schwierigkeiten|Konnte (Produkte|Veranstaltungen|Kurse|das Produkt) nicht laden/;
/** What a visitor must never read: framework error pages, raw driver errors (in the page's text). */
const ENGLISH_ERROR =
  /Unexpected Server Error|Application Error|ECONNREFUSED|Connection terminated|terminating connection|database unavailable/;
/** A stack trace anywhere in the answer, scripts included. */
const STACK_TRACE = /\n\s+at \S+ \(|node_modules\//;
const visibleText = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

interface Sample {
  page: string;
  sentAt: number;
  ms: number;
  status: number;
  body: string;
  cacheControl?: string | null;
  pageCache?: string | null;
  error?: string;
}
/** The member data version is checked at most this long ago when a stored dashboard is served. */
const VERSION_CHECK_MS = 1_000;

let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let server: AppServer;

beforeAll(async () => {
  postgres = await startThrowawayPostgres({ maxConnections: 50 });
  server = await startAppServer({ env: { DATABASE_URL: postgres.url }, stdio: "pipe" });
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await postgres?.stop();
});

describe("PostgreSQL restart under load", () => {
  it("answers German error pages within 10 s while the database is down, and recovers without an app restart", async () => {
    const visitor = new ShopClient(server.base);
    const member = new ShopClient(server.base);
    member.jar.setHeader(await signInViaHook(server.base, `restart-${Date.now()}@example.com`));

    const samples: Sample[] = [];
    let running = true;
    async function load(page: string) {
      const client = page === "/dashboard" ? member : visitor;
      while (running) {
        const sentAt = performance.now();
        try {
          const answer = await client.send("page", page);
          samples.push({
            page,
            sentAt,
            ms: performance.now() - sentAt,
            status: answer.status,
            body: answer.body,
            cacheControl: answer.headers.get("cache-control"),
            pageCache: answer.headers.get("x-page-cache"),
          });
        } catch (error) {
          samples.push({
            page,
            sentAt,
            ms: performance.now() - sentAt,
            status: 0,
            body: "",
            error: String((error as Error).cause ?? error),
          });
          await new Promise((r) => setTimeout(r, 200)); // the server is gone: don't spin
        }
      }
    }
    // Several clients per page keep database connections checked out at the moment PostgreSQL
    // goes away (the case where node-postgres reports a lost connection on the client itself).
    const workers = PAGES.flatMap((page) => Array.from({ length: CLIENTS_PER_PAGE }, () => load(page)));
    /** Resolves when every page answered 200 on a request sent after `since`; the time it took. */
    async function allPagesOk(since: number, boundMs: number) {
      for (;;) {
        const ok = PAGES.every((page) => samples.some((s) => s.page === page && s.sentAt >= since && s.status === 200));
        if (ok) return performance.now() - since;
        if (performance.now() - since > boundMs) return Infinity;
        await new Promise((r) => setTimeout(r, 50));
      }
    }

    expect(await allPagesOk(performance.now(), 30_000), "all pages work before the outage").toBeLessThan(Infinity);
    await new Promise((r) => setTimeout(r, 1_000));

    const haltAt = performance.now();
    await postgres.halt({ mode: STOP_MODE });
    const downAt = performance.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const upCalledAt = performance.now();
    await postgres.startAgain();
    const upAt = performance.now();
    const recoveryMs = await allPagesOk(upAt, RECOVERY_BOUND_MS);
    const recoveredAt = upAt + recoveryMs;
    if (recoveryMs < Infinity) await new Promise((r) => setTimeout(r, 2_000));
    running = false;
    await Promise.all(workers);

    const during = samples.filter((s) => s.sentAt >= downAt && s.sentAt < upCalledAt);
    const byStatus = (list: Sample[]) =>
      list.reduce<Record<string, number>>(
        (acc, s) => ((acc[`${s.page} ${s.status}`] = (acc[`${s.page} ${s.status}`] ?? 0) + 1), acc),
        {},
      );
    console.log(
      `PostgreSQL outage: ${samples.length} requests; ${during.length} while down (${JSON.stringify(byStatus(during))}); ` +
        `slowest answer ${Math.max(...samples.map((s) => s.ms)).toFixed(0)} ms; all pages 200 again ${recoveryMs.toFixed(0)} ms after PostgreSQL was back`,
    );

    expect(server.child.exitCode, `the app server survived; output:\n${server.output().slice(-2000)}`).toBeNull();
    expect(
      samples
        .filter((s) => s.error)
        .map((s) => `${s.page}: ${s.error}`)
        .slice(0, 5),
      "network errors",
    ).toEqual([]);
    expect(
      samples.filter((s) => s.ms > ANSWER_BOUND_MS).map((s) => `${s.page}: ${s.ms.toFixed(0)} ms`),
      "answers slower than the bound",
    ).toEqual([]);
    expect(during.length, "requests while the database was down").toBeGreaterThan(PAGES.length);

    for (const sample of samples) {
      const where = `${sample.page} (${sample.status}, sent ${(sample.sentAt - haltAt).toFixed(0)} ms after the halt)`;
      expect(visibleText(sample.body), `${where} shows no English error`).not.toMatch(ENGLISH_ERROR);
      expect(sample.body, `${where} holds no stack trace`).not.toMatch(STACK_TRACE);
      // An error state (whatever its status: a streamed list decides its status before its data)
      // must never be kept by a browser or shared cache as if it were the page.
      if (GERMAN_ERROR.test(visibleText(sample.body))) {
        expect(sample.cacheControl ?? "", `${where} shows an error state: not publicly cacheable`).not.toMatch(
          /public|s-maxage/,
        );
      }
      if (sample.status !== 200) {
        expect([500, 503], where).toContain(sample.status);
        expect(sample.body, where).toMatch(GERMAN_ERROR);
        expect(sample.body, where).toContain('<html lang="de"');
        const answeredAt = sample.sentAt + sample.ms;
        expect(answeredAt >= haltAt && sample.sentAt < recoveredAt, `${where}: an error outside the outage`).toBe(true);
      }
    }
    // The member's page cannot be rendered without the database: it says so with 503 and the
    // sentence for "try again in a few minutes", inside the normal layout. Only in the first second
    // of the outage may the page cache still answer with the member's stored dashboard: nothing
    // can have changed since its version was checked (no write reaches a stopped database).
    const dashboardDown = during.filter((s) => s.page === "/dashboard");
    expect(dashboardDown.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    for (const sample of dashboardDown) {
      if (sample.status === 200) {
        const at = `a stored dashboard sent ${(sample.sentAt - downAt).toFixed(0)} ms into the outage`;
        expect(sample.pageCache, at).toBe("hit");
        expect(sample.sentAt - downAt, at).toBeLessThan(VERSION_CHECK_MS + 250);
        continue;
      }
      expect(sample.status).toBe(503);
      expect(sample.body).toContain(
        "Wir haben gerade technische Schwierigkeiten. Bitte versuche es in ein paar Minuten noch einmal.",
      );
      expect(sample.body).toContain('id="main"');
    }

    expect(recoveryMs, "pages work again after PostgreSQL is back").toBeLessThanOrEqual(RECOVERY_BOUND_MS);
    const afterRecovery = samples.filter((s) => s.sentAt >= recoveredAt);
    expect(
      afterRecovery.filter((s) => s.status !== 200).map((s) => `${s.page} ${s.status}`),
      "errors after recovery",
    ).toEqual([]);
    expect((await server.stop("SIGTERM")).code, "clean stop after the outage").toBe(0);
  });
});
