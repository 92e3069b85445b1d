import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { MAIL_DIR } from "../../../playwright.config";

export const PASSWORD = "sicheres-Passwort-123";

let counter = 0;
/** A unique address per test, so parallel tests never share an account. */
export function uniqueEmail(prefix = "member") {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

/**
 * Signs a member in the way the Epic Stack's fixtures do: the account and session are made
 * directly (through the E2E hook), and the real session cookie is put into the browser.
 */
async function signInAs(page: Page, options: { admin?: boolean; email?: string; lastName?: string } = {}) {
  const email = options.email ?? uniqueEmail(options.admin ? "admin" : "member");
  const response = await page.request.post("/__e2e/session", {
    data: {
      email,
      password: PASSWORD,
      admin: options.admin ?? false,
      firstName: "Erika",
      lastName: options.lastName ?? "Muster",
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  // page.request shares the context's cookie jar, so the browser is now signed in.
  return { email, userId: ((await response.json()) as { userId: string }).userId };
}

/**
 * Scripts start once the page is shown (app/server/http/deferred-scripts.server.ts), so a page is
 * usable, without JavaScript, before React takes over. With JavaScript on, a test that opens a
 * page waits for React like a visitor who looks at the page first; what happens before it is
 * tested on purpose (site-shell: a menu opened early stays open). Documents that are not the
 * app's (robots.txt, a PDF) have nothing to wait for.
 */
async function untilHydrated(page: Page) {
  try {
    await page.waitForFunction(
      () =>
        !document.querySelector('script[type="text/x-deferred-module"]') &&
        (document.documentElement.dataset.hydrated === "true" || !("__reactRouterContext" in window)),
      undefined,
      { timeout: 20_000 },
    );
  } catch (error) {
    // A bare timeout says nothing; say how far the page got, so a CI log names the step that hung.
    const state = await page.evaluate(hydrationState).catch((cause: Error) => `not readable: ${cause.message}`);
    throw new Error(`React did not take over within 20 s (${state})`, { cause: error });
  }
}

/** Where a page stands between its document and React: for the error of a wait that timed out. */
function hydrationState() {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
    .map((entry) => {
      const status = (entry as PerformanceResourceTiming & { responseStatus?: number }).responseStatus;
      return `${new URL(entry.name).pathname} ${status ?? "?"} ${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms`;
    });
  return [
    location.pathname + location.search,
    `readyState ${document.readyState}`,
    `load ${Math.round(navigation?.loadEventEnd ?? -1)} ms, now ${Math.round(performance.now())} ms`,
    `inert module ${document.querySelector('script[type="text/x-deferred-module"]') ? "still there" : "started"}`,
    `hydrated ${document.documentElement.dataset.hydrated ?? "no"}`,
    `scripts: ${scripts.join(", ") || "none"}`,
  ].join("; ");
}

/** page.goto and page.reload wait for React, as the `page` fixture does (for pages of other contexts). */
export function waitForReactOnNavigation(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilHydrated(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilHydrated(page);
    return response;
  };
  return page;
}

/**
 * The CSP violations of every document and frame the page opens (a `securitypolicyviolation` event
 * each): a script the shop renders without its nonce or hash, an inline handler, eval, a resource
 * from elsewhere. Limit, by design: the admin's newsletter preview (a sandboxed srcdoc frame under
 * the shop's CSP) refuses remote images the newsletter names, and shows their alt text instead.
 */
async function watchCspViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction("__e2eCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      if (event.documentURI === "about:srcdoc" && event.effectiveDirective === "img-src") return;
      const report = (window as unknown as { __e2eCspViolation?: (v: string) => void }).__e2eCspViolation;
      report?.(`${location.pathname}: ${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return violations;
}

/**
 * The same for a page without JavaScript, where no listener can run: Chromium writes every refusal
 * to the console ("… violates the following Content Security Policy directive …"), for the page and
 * its frames. The same limit as above for the newsletter preview's remote images.
 */
export function watchCspConsole(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (!/violates the following Content Security Policy directive/.test(message.text())) return;
    const where = message.location().url;
    if (where === "about:srcdoc" && /\bimg-src\b/.test(message.text())) return;
    violations.push(`${where}: ${message.text()}`);
  });
  return violations;
}

export const test = base.extend<{
  signIn: (options?: Parameters<typeof signInAs>[1]) => Promise<{ email: string; userId: string }>;
  javaScriptEnabled: boolean;
}>({
  page: async ({ page }, use, testInfo) => {
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    const violations = javaScript ? await watchCspViolations(page) : watchCspConsole(page);
    if (javaScript) waitForReactOnNavigation(page);
    await use(page);
    // Every page any test opened: the CSP refused nothing the shop sent.
    expect(violations, "CSP violations in this test's pages").toEqual([]);
  },
  signIn: async ({ page }, use) => use((options) => signInAs(page, options)),
  javaScriptEnabled: async ({ browserName: _b }, use, testInfo) =>
    use(testInfo.project.use.javaScriptEnabled !== false),
});

export { expect };

/**
 * axe-core: no serious or critical WCAG 2.x A/AA violation. axe runs inside the page, which a
 * browser with JavaScript off cannot do; there the JS-on project has already checked the same
 * server-rendered markup, so the check runs once per page, in the JS-on and phone projects.
 */
export async function expectAccessible(page: Page, { exclude }: { exclude?: string } = {}) {
  if (base.info().project.use.javaScriptEnabled === false) return;
  // A list that is loading (a search sent with JavaScript) is dimmed and aria-busy until its answer
  // arrives; on a loaded machine axe measured the dimmed table's contrast (CI, admin contacts).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // Check the page as it settles, not a frame of an animation: a dialog fading in is half
  // transparent for 180 ms, and axe measured its text's contrast mid-fade on a loaded machine.
  // Endless ones (a skeleton's pulse) and paused ones never finish, so only running, finite ones
  // are awaited, and never longer than a second.
  await page.evaluate(() => {
    const settling = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(settling), new Promise((resolve) => setTimeout(resolve, 1_000))]);
  });
  // One `axe.run` in the page (legacy mode) rather than a partial run per frame finished in a new
  // blank page: that page, a renderer process and a second copy of axe per check, cost about a
  // second each time (admin events' test, alone: 18 s, now 14 s). Axe then reaches only same-origin
  // frames (a violation inside one is still reported, tried by hand). The shop's own frames are the
  // sandboxed mail previews, which no mode can enter (see `exclude`), and the contact page's
  // OpenStreetMap frame, never shown when a check runs. Passes are never read.
  const builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode();
  // `exclude`: e.g. a sandboxed preview iframe, where axe cannot run (no scripts) and would wait forever.
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Mails the shop delivered to the local SMTP server for one address, oldest first. */
export function mailsTo(address: string) {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR)
      .filter((name) => name.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(MAIL_DIR, f), "utf8")) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(address.toLowerCase()))
    .map((m) => ({ ...m, text: decodeQuotedPrintable(m.raw) }));
}

/** Enough MIME for assertions: soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(raw: string) {
  const joined = raw.replace(/=\r?\n/g, "");
  return joined.replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split("=")
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString("utf8"),
  );
}
