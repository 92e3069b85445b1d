import type { Page } from "@playwright/test";
import { orderEvent, SEEDED_EVENT } from "./members-support";
import { sidewaysProblems } from "./support/layout";
import { expect, test } from "./support/fixtures";

/**
 * WCAG 1.4.10 (reflow): no page scrolls sideways at 320 px (the criterion's width), 390 px (a
 * common phone) or 1280 px (a small laptop), with JavaScript on and off (the two projects). Admin
 * tables may scroll, but only inside their own named, keyboard-reachable region, and at 1280 px
 * not at all (no column cut off beside the sidebar).
 */
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
  "/vertrag-kuendigen",
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
  "/admin/kuendigungen",
  "/admin/jobs",
  "/admin/export",
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

test.describe("no sideways scrolling at 320, 390 and 1280 px", () => {
  test("public pages, with a filled cart", async ({ page }) => {
    test.setTimeout(180_000);
    const details = await detailPages(page);
    const itemId = details[0].split("/").pop()!;
    const added = await page.request.post("/cart", {
      form: { intent: "add", itemId, itemType: "product", quantity: "7" },
    });
    expect(added.ok()).toBeTruthy();
    expect(await sidewaysProblems(page, [...PUBLIC, ...details])).toEqual([]);
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
    // An unmatched cancellation puts the hand-matching form (a visually hidden label) into its list.
    const cancelled = await page.request.post("/vertrag-kuendigen", {
      form: {
        kind: "ausserordentlich",
        reason: "Umzug ins Ausland, die Kurse sind von dort nicht erreichbar.",
        name: "Maximiliane Mustermann-Lüdenscheid",
        email: "eine.sehr.lange.adresse@beispiel-unternehmen.example",
        contract: "MITGLIED-2026-000123",
      },
    });
    expect(cancelled.status()).toBeLessThan(400);
    await signIn({ admin: true, email: `ein-sehr-langer-name-${Date.now()}@beispiel-unternehmen.example` });
    const { orderId } = await orderEvent(page, 2);
    const details = await detailPages(page);
    const itemId = details[0].split("/").pop()!;
    await page.request.post("/cart", { form: { intent: "add", itemId, itemType: "product", quantity: "1" } });
    expect(
      await sidewaysProblems(page, [
        ...MEMBER,
        `/order-confirmation/${orderId}`,
        ...ADMIN,
        `/admin/orders?order=${orderId}`,
        `/admin/events/${SEEDED_EVENT}/teilnehmer`,
        `/admin/events/${SEEDED_EVENT}/teilnehmer?druck=1`,
      ]),
    ).toEqual([]);
  });
});
