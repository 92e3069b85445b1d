import type { Page } from "@playwright/test";
import { orderEvent } from "./members-support";
import { expect, test } from "./support/fixtures";

/**
 * WCAG 1.4.10 (reflow): no page scrolls sideways at 320 px (the criterion's width), 390 px (a
 * common phone) or 1280 px (a small laptop), with JavaScript on and off (the two projects). Admin
 * tables may scroll, but only inside their own named, keyboard-reachable region, and at 1280 px
 * not at all (no column cut off beside the sidebar).
 */
const WIDTHS = [320, 390, 1280];

const PUBLIC = [
  "/",
  "/about",
  "/concept",
  "/team",
  "/community",
  "/community2",
  "/offers",
  "/products",
  "/events",
  "/courses",
  "/glueckstest",
  "/scanner-taucher-test",
  "/join",
  "/contact",
  "/newsletter",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/cart",
  "/auth",
  "/auth/forgot",
  "/auth/reset",
  "/agb",
  "/datenschutz",
  "/impressum",
  "/vertrag-widerrufen",
  "/gibt-es-nicht",
];

const MEMBER = [
  "/dashboard",
  "/dashboard?tab=profile",
  "/dashboard?tab=profile&edit=1",
  "/account/password",
  "/account/delete",
  "/checkout",
];

const ADMIN = [
  "/admin",
  "/admin/newsletter",
  "/admin/contacts",
  "/admin/orders",
  "/admin/profiles",
  "/admin/events",
  "/admin/events/new",
  "/admin/courses",
  "/admin/courses/new",
  "/admin/products",
  "/admin/products/new",
];

/** The first detail page of each catalogue list (their long titles are the usual culprits). */
async function detailPages(page: Page) {
  const paths: string[] = [];
  for (const list of ["/products", "/events", "/courses"]) {
    await page.goto(list);
    paths.push((await page.locator(`main a[href^="${list}/"]`).first().getAttribute("href"))!);
  }
  return paths;
}

/** Width of the page and of each table against its scroll box, as the browser laid them out. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const tables = [...document.querySelectorAll("main table")].map((table) => {
      const box = table.closest<HTMLElement>("[role=region]");
      return {
        region: box ? { name: box.getAttribute("aria-label"), tabindex: box.getAttribute("tabindex") } : null,
        overflow: box ? box.scrollWidth - box.clientWidth : table.scrollWidth - table.parentElement!.clientWidth,
      };
    });
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, tables };
  });
}

async function walk(page: Page, routes: string[]) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      await page.goto(route);
      const m = await measure(page);
      if (m.scrollWidth > m.clientWidth) problems.push(`${width}px ${route}: page is ${m.scrollWidth}px wide`);
      for (const [i, t] of m.tables.entries()) {
        if (t.overflow > 0 && !(t.region?.name && t.region.tabindex === "0")) {
          problems.push(`${width}px ${route}: table ${i + 1} overflows outside a named, focusable region`);
        }
        if (width >= 1280 && t.overflow > 0)
          problems.push(`${width}px ${route}: table ${i + 1} cut off by ${t.overflow}px`);
      }
    }
  }
  expect(problems).toEqual([]);
}

test.describe("no sideways scrolling at 320, 390 and 1280 px", () => {
  test("public pages, with a filled cart", async ({ page }) => {
    test.setTimeout(180_000);
    const details = await detailPages(page);
    const itemId = details[0].split("/").pop()!;
    const added = await page.request.post("/cart", {
      form: { intent: "add", itemId, itemType: "product", quantity: "7" },
    });
    expect(added.ok()).toBeTruthy();
    await walk(page, [...PUBLIC, ...details]);
  });

  test("member and admin pages, with an order and a contact message", async ({ page, signIn }) => {
    test.setTimeout(240_000);
    await page.goto("/contact");
    const sent = await page.request.post("/contact", {
      form: {
        name: "Maximiliane Mustermann-Lüdenscheid",
        email: "eine.sehr.lange.adresse@beispiel-unternehmen.example",
        message: "Hallo BeHappy, eine Frage zum Retreat.",
      },
    });
    expect(sent.status()).toBeLessThan(500);
    await signIn({ admin: true, email: `ein-sehr-langer-name-${Date.now()}@beispiel-unternehmen.example` });
    const { orderId } = await orderEvent(page, 2);
    const details = await detailPages(page);
    const itemId = details[0].split("/").pop()!;
    await page.request.post("/cart", { form: { intent: "add", itemId, itemType: "product", quantity: "1" } });
    await walk(page, [...MEMBER, `/order-confirmation/${orderId}`, ...ADMIN, `/admin/orders?order=${orderId}`]);
  });
});
