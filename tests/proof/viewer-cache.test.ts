// What the server remembers of signed-in viewers (app/server/members/viewer-cache.server.ts: whose
// session a cookie is, admin role, membership prices) on the built server: a sign-out counts at
// once on the instance that did it, and with two instances on one PostgreSQL the other one follows
// a sign-out, or a membership written in plain SQL, within the viewer version re-check (about a
// second). An old session cookie replayed after the sign-out is a visitor's again.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInstances, type Instances } from "./lib/instances";
import { FORM_HEADERS, signInViaHook, type AppServer } from "../../scripts/lib/app-server.mjs";

const PRODUCT = "b0000000-0000-4000-8000-000000000001";
/** Re-check interval 1 s (versioned-cache.server.ts) + a render; generous for a busy shared machine. */
const PROPAGATION_BOUND_MS = 15_000;

async function page(server: AppServer, path: string, cookie: string) {
  const response = await fetch(server.base + path, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

const signOut = (server: AppServer, cookie: string) =>
  fetch(`${server.base}/logout`, {
    method: "POST",
    headers: { ...FORM_HEADERS, Cookie: cookie },
    body: "",
    redirect: "manual",
  });

/** Polls until `done` holds; returns the milliseconds it took (fails past the bound). */
async function within(check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > PROPAGATION_BOUND_MS) throw new Error(`not seen within ${PROPAGATION_BOUND_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

for (const engine of ["pglite", "postgres"] as const) {
  describe(`viewer cache on ${engine}`, () => {
    let instances: Instances;
    let servers: AppServer[] = [];

    beforeAll(async () => {
      instances = await startInstances(engine, "viewer-cache");
      servers = instances.servers;
    }, 180_000);

    afterAll(() => instances?.stop());

    it("after a sign-out the old session cookie is a visitor's at once on the same instance", async () => {
      const [server] = servers;
      const email = `viewer-cache-${engine}-${Date.now()}@example.com`;
      const cookie = await signInViaHook(server.base, email);
      // Twice: the second view is answered from what the server remembers.
      expect(await page(server, "/products", cookie)).toContain(email);
      expect(await page(server, "/products", cookie)).toContain(email);
      expect((await signOut(server, cookie)).status).toBe(302);
      const after = await page(server, "/products", cookie);
      expect(after).not.toContain(email);
      expect(after).toContain('aria-label="Anmelden"');
    });

    // Two instances need a shared database: PostgreSQL only (PGlite is one process's).
    if (engine !== "postgres") return;

    it(
      "another instance follows a sign-out within about a second",
      async () => {
        const [first, second] = servers;
        const email = `viewer-cache-two-${Date.now()}@example.com`;
        const cookie = await signInViaHook(first.base, email);
        expect(await page(second, "/products", cookie)).toContain(email);
        expect(await page(second, "/products", cookie)).toContain(email);
        expect((await signOut(first, cookie)).status).toBe(302);
        const took = await within(async () => !(await page(second, "/products", cookie)).includes(email));
        console.log(`sign-out on one instance seen by the other after ${took} ms`);
      },
      PROPAGATION_BOUND_MS + 10_000,
    );

    it(
      "a membership written in plain SQL shows member prices on both instances within about a second",
      async () => {
        const email = `viewer-cache-member-${Date.now()}@example.com`;
        const cookie = await signInViaHook(servers[0].base, email);
        const memberPrices = async (server: AppServer) =>
          (await page(server, `/products/${PRODUCT}`, cookie)).includes('data-member-prices="true"');
        for (const server of servers) expect(await memberPrices(server)).toBe(false);
        const client = new pg.Client({ connectionString: instances.postgresUrl });
        await client.connect();
        try {
          await client.query(
            "insert into public.memberships (user_id, plan) select id, 'lifetime' from auth.users where email = $1",
            [email],
          );
        } finally {
          await client.end();
        }
        for (const server of servers) {
          const took = await within(() => memberPrices(server));
          console.log(`membership written in SQL seen after ${took} ms`);
        }
      },
      2 * PROPAGATION_BOUND_MS + 10_000,
    );
  });
}
