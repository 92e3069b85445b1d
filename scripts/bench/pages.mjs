// SSR figures of one engine: each page on the app, on the bare React Router floor and on the
// static floor with the same load (16 connections). The machine is shared, so the three servers
// take turns in slices of about 5 s (app, bare, static, app, …) for BENCH_SECONDS each in total:
// a slow spell on the machine then hits all three alike, and their ratios stay meaningful.
import { performance } from "node:perf_hooks";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import { capturePages, startFloors } from "./floors.mjs";
import { runLoad, summarizeRuns } from "./ssr-load.mjs";
import { cookiesOf, FORM_HEADERS, formBody, rssMb, signInViaHook } from "../lib/app-server.mjs";

export const SSR_CONNECTIONS = 16;
/** A seeded product (supabase/seed.sql), available, so its page shows the add-to-cart form. */
export const PRODUCT_ID = "b0000000-0000-4000-8000-000000000001";
const SLICE_SECONDS = 5;
const WARM_UP_SECONDS = 2;

/** The signed cart cookie of a cart holding two of the product (as a visitor's browser has it). */
export async function cartCookie(base) {
  const response = await fetch(`${base}/cart`, {
    method: "POST",
    headers: FORM_HEADERS,
    body: formBody({ intent: "add", itemId: PRODUCT_ID, itemType: "product", quantity: "2" }),
    redirect: "manual",
  });
  // Only the cart: the toast cookie that comes with it is shown (and cleared) once in a browser,
  // and sending it with every request would measure a toast on every view.
  const cookie = cookiesOf(response)
    .split("; ")
    .find((c) => c.startsWith("cart="));
  if (!cookie) throw new Error(`no cart cookie from POST /cart (${response.status})`);
  return cookie;
}

/**
 * One brotli compression of `html` at the compression middleware's quality (4), the median of 30
 * in this process: what an answer with `br` may cost over one without (issue 31).
 */
function oneShotBrotliMs(html) {
  const body = Buffer.from(html);
  const params = { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
  const times = [];
  for (let n = 0; n < 30; n++) {
    const start = performance.now();
    brotliCompressSync(body, { params });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[15];
}

/** Same document apart from the per-request CSP nonce? */
const sameMarkup = (a, b) => a.replace(/ nonce="[^"]*"/g, "") === b.replace(/ nonce="[^"]*"/g, "");

/**
 * @param {{ base: string, pid: number }} server the running app
 * @param {string} workDir scratch directory for the floors' fixture
 * @param {number} seconds per page and server
 */
export async function measurePages(server, workDir, seconds) {
  // Anonymous pages as a browser asks for them (brotli): the page cache sends its stored variant.
  const browser = { "Accept-Encoding": "br" };
  const member = { Cookie: await signInViaHook(server.base, `bench-${Date.now()}@example.com`) };
  const cart = await cartCookie(server.base);
  // Members measured without compression (issue 31): the floors would compress per answer too.
  // The query only keeps the floors' captures of the same path apart.
  const pages = [
    { path: "/", label: "/", headers: browser },
    { path: "/products", label: "/products", headers: browser },
    { path: `/products/${PRODUCT_ID}`, label: "/products/:id", headers: browser },
    { path: "/products?as=cart", label: "/products (cart cookie)", headers: { ...browser, Cookie: cart } },
    // `withBrotli`: the app is measured a second time with `Accept-Encoding: br` (no floor for that).
    { path: "/?as=member", label: "/ (signed in)", headers: member, withBrotli: true },
    { path: "/products?as=member", label: "/products (signed in)", headers: member, withBrotli: true },
    {
      path: `/products/${PRODUCT_ID}?as=member`,
      label: "/products/:id (signed in)",
      headers: member,
      withBrotli: true,
    },
    {
      path: "/cart?as=member",
      label: "/cart (signed in)",
      headers: { Cookie: `${member.Cookie}; ${cart}` },
      withBrotli: true,
    },
    { path: "/dashboard?as=member", label: "/dashboard (signed in)", headers: member },
    { path: "/cart", label: "/cart (cart cookie)", headers: { Cookie: cart } },
  ];
  // BENCH_PAGES=dashboard,cart: only the rows whose label contains one of the words (a trial).
  const only = process.env.BENCH_PAGES?.split(",").filter(Boolean);
  if (only) pages.splice(0, pages.length, ...pages.filter((page) => only.some((word) => page.label.includes(word))));
  const captured = await capturePages(server.base, pages);
  const floors = await startFloors(captured, workDir);
  const targets = { app: server, bare: floors.bare, framework: floors.framework, static: floors.static };
  const rows = [];
  let peakRss = 0;
  try {
    for (const page of pages) {
      const bareHtml = await (await fetch(floors.bare.base + page.path, { headers: page.headers })).text();
      const run = (target, slice, headers = page.headers) =>
        runLoad({
          url: target.base + page.path,
          headers,
          connections: SSR_CONNECTIONS,
          seconds: slice,
          pid: target.pid,
        });
      // Unrecorded warm-up (JIT, pools, caches).
      for (const target of Object.values(targets)) await run(target, Math.min(WARM_UP_SECONDS, seconds));
      const brotliHeaders = { ...page.headers, "Accept-Encoding": "br" };
      if (page.withBrotli) await run(targets.app, Math.min(WARM_UP_SECONDS, seconds), brotliHeaders);
      const perAnswer = { ...brotliHeaders, "X-Compress-Per-Answer": "1" };
      if (page.withBrotli) await run(targets.static, Math.min(WARM_UP_SECONDS, seconds), perAnswer);
      const runs = { app: [], appBrotli: [], bare: [], framework: [], static: [], staticBrotli: [] };
      const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS));
      for (let n = 0; n < slices; n++) {
        const slice = seconds / slices;
        const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 250);
        runs.app.push(await run(targets.app, slice));
        if (page.withBrotli) runs.appBrotli.push(await run(targets.app, slice, brotliHeaders));
        clearInterval(sampler);
        runs.bare.push(await run(targets.bare, slice));
        runs.framework.push(await run(targets.framework, slice));
        runs.static.push(await run(targets.static, slice));
        if (page.withBrotli) runs.staticBrotli.push(await run(targets.static, slice, perAnswer));
      }
      rows.push({
        page: page.label,
        bytes: captured[page.path].html.length,
        identical: sameMarkup(captured[page.path].html, bareHtml),
        app: summarizeRuns(runs.app),
        bare: summarizeRuns(runs.bare),
        framework: summarizeRuns(runs.framework),
        static: summarizeRuns(runs.static),
        ...(page.withBrotli
          ? {
              appBrotli: summarizeRuns(runs.appBrotli),
              staticBrotli: summarizeRuns(runs.staticBrotli),
              brotliMs: oneShotBrotliMs(captured[page.path].html),
            }
          : {}),
      });
    }
  } finally {
    await floors.stop();
  }
  return { rows, peakRss };
}
