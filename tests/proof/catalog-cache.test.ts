// The in-process catalogue cache (app/server/catalog/catalog-cache.server.ts) with two app instances on one
// PostgreSQL: an admin's change is on the writing instance's pages at once, on the other instance's
// within seconds (catalog_version), and so is a change made in SQL behind both instances' backs.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORM_HEADERS,
  formBody,
  signInViaHook,
  startAppServer,
  type AppServer,
} from "../../scripts/lib/app-server.mjs";
import { startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";
import { withoutSoftHyphens } from "~/lib/hyphenation";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";
/** The version is re-read about once a second; on a busy machine give it plenty of room. */
const PROPAGATION_BOUND_MS = 15_000;

let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let first: AppServer;
let second: AppServer;

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  // One after the other: the first one migrates and seeds.
  first = await startAppServer({ env: { DATABASE_URL: postgres.url }, stdio: "pipe" });
  second = await startAppServer({ env: { DATABASE_URL: postgres.url }, stdio: "pipe" });
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await postgres?.stop();
});

/** The page's text as a visitor reads it: titles carry soft hyphens where they may break. */
async function page(server: AppServer, path: string) {
  const response = await fetch(server.base + path);
  expect(response.status, path).toBe(200);
  return withoutSoftHyphens(await response.text());
}

/** How long until `path` on `server` contains `text` (Infinity if not within the bound). */
async function msUntilShown(server: AppServer, path: string, text: string) {
  const started = performance.now();
  while (performance.now() - started < PROPAGATION_BOUND_MS) {
    if ((await page(server, path)).includes(text)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Infinity;
}

describe("catalogue cache with two instances on one PostgreSQL", () => {
  it("an admin's edit shows at once on the instance that made it and within seconds on the other", async () => {
    // Both instances have the catalogue cached.
    for (const server of [first, second]) {
      expect(await page(server, "/products")).toContain("Dankbarkeitstagebuch");
      expect(await page(server, `/products/${PRODUCT}`)).toContain("Dankbarkeitstagebuch");
    }

    const title = `Dankbarkeitstagebuch Neuauflage ${Date.now()}`;
    const admin = await signInViaHook(first.base, `cache-admin-${Date.now()}@example.com`, { admin: true });
    const saved = await fetch(`${first.base}/admin/products/new/${PRODUCT}`, {
      method: "POST",
      headers: { ...FORM_HEADERS, Cookie: admin },
      body: formBody({
        title,
        category: "Bücher",
        description: "Ein Tagebuch für jeden Tag.",
        details: "",
        image_url: "/images/catalog/dankbarkeitstagebuch.svg",
        price: "19,90",
        behappy_price: "14,90",
        availability: "on",
        show_on_startpage: "on",
        show_on_offer: "",
      }),
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/products");

    // Read-your-writes on the writing instance: no waiting.
    expect(await page(first, `/products/${PRODUCT}`)).toContain(title);
    expect(await page(first, "/products")).toContain(title);
    expect(await page(first, "/")).toContain(title);

    // The other instance notices through catalog_version.
    expect(await msUntilShown(second, `/products/${PRODUCT}`, title)).toBeLessThan(PROPAGATION_BOUND_MS);
    expect(await page(second, "/products")).toContain(title);
  });

  it("a change made directly in the database reaches both instances", async () => {
    for (const server of [first, second]) await page(server, "/events");
    const title = `Sommerfest im Park ${Date.now()}`;
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        "update public.events set title = $1 where id = (select id from public.events order by created_at desc, id limit 1) returning id",
        [title],
      );
      expect(rows).toHaveLength(1);
    } finally {
      await client.end();
    }
    expect(await msUntilShown(first, "/events", title)).toBeLessThan(PROPAGATION_BOUND_MS);
    expect(await msUntilShown(second, "/events", title)).toBeLessThan(PROPAGATION_BOUND_MS);
  });
});
