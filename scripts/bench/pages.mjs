// SSR figures of one engine: each page on the app, on the bare React Router floor and on the
// static floor, one after the other with the same load (16 connections, BENCH_SECONDS each).
import { capturePages, startFloors } from "./floors.mjs";
import { measureUrl } from "./ssr-load.mjs";
import { cookiesOf, FORM_HEADERS, formBody, rssMb } from "../lib/app-server.mjs";

export const SSR_CONNECTIONS = 16;
/** A seeded product (supabase/seed.sql), available, so its page shows the add-to-cart form. */
export const PRODUCT_ID = "b0000000-0000-4000-8000-000000000001";

/** The signed cart cookie of a cart holding two of the product (as a visitor's browser has it). */
async function cartCookie(base) {
  const response = await fetch(`${base}/cart`, {
    method: "POST",
    headers: FORM_HEADERS,
    body: formBody({ intent: "add", itemId: PRODUCT_ID, itemType: "product", quantity: "2" }),
    redirect: "manual",
  });
  const cookie = cookiesOf(response);
  if (!cookie.includes("cart=")) throw new Error(`no cart cookie from POST /cart (${response.status})`);
  return cookie;
}

/** Same document apart from the per-request CSP nonce? */
const sameMarkup = (a, b) => a.replace(/nonce="[^"]*"/g, "") === b.replace(/nonce="[^"]*"/g, "");

/**
 * @param {{ base: string, pid: number }} server the running app
 * @param {string} workDir scratch directory for the floors' fixture
 * @param {number} seconds per measurement
 */
export async function measurePages(server, workDir, seconds) {
  const pages = [
    { path: "/", label: "/", headers: {} },
    { path: "/products", label: "/products", headers: {} },
    { path: `/products/${PRODUCT_ID}`, label: "/products/:id", headers: {} },
    { path: "/cart", label: "/cart (cart cookie)", headers: { Cookie: await cartCookie(server.base) } },
  ];
  const captured = await capturePages(server.base, pages);
  const floors = await startFloors(captured, workDir);
  const rows = [];
  let peakRss = 0;
  try {
    for (const page of pages) {
      const bareHtml = await (await fetch(floors.bare.base + page.path, { headers: page.headers })).text();
      const identical = sameMarkup(captured[page.path].html, bareHtml);
      // A short unrecorded warm-up first (JIT, pools, caches), then the measurement.
      const run = async (base) => {
        const options = { url: base + page.path, headers: page.headers, connections: SSR_CONNECTIONS };
        await measureUrl({ ...options, seconds: Math.min(2, seconds) });
        return measureUrl({ ...options, seconds });
      };
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 250);
      const app = await run(server.base);
      clearInterval(sampler);
      const bare = await run(floors.bare.base);
      const fixed = await run(floors.static.base);
      rows.push({ page: page.label, bytes: captured[page.path].html.length, identical, app, bare, static: fixed });
    }
  } finally {
    await floors.stop();
  }
  return { rows, peakRss };
}
