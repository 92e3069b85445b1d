import type { Page } from "@playwright/test";
import { orderEvent, registerParticipant, SEEDED_EVENT } from "./members-support";
import { sidewaysProblems, wordBreakProblems } from "./support/layout";
import { expect, test } from "./support/fixtures";
import { cancelOrderOnItsPage, markPaidOnItsPage } from "./support/admin-orders";

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
  "/newsletter/abmelden",
  "/warteliste",
  "/erstattung",
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
  "/account/email",
  "/account/delete",
  "/checkout",
];

const ADMIN = [
  "/admin",
  "/admin/newsletter",
  "/admin/newsletter/aussendungen",
  "/admin/newsletter/aussendungen/neu",
  "/admin/contacts",
  "/admin/orders",
  "/admin/profiles",
  "/admin/kuendigungen",
  "/admin/erstattungen",
  "/admin/gutscheine",
  "/admin/jobs",
  "/admin/export",
  "/admin/events",
  "/admin/events/new",
  "/admin/courses",
  "/admin/courses/new",
  "/admin/products",
  "/admin/products/new",
];

/** The admin lists: one row per item, order, message or member (their cells are checked for width). */
const ADMIN_LISTS = ADMIN.filter((path) => !path.endsWith("/new") && path !== "/admin");

/**
 * A contact message, an unmatched cancellation and an unmatched withdrawal with long names and
 * addresses, for the admin lists; returns the two declarations' receipt pages.
 */
async function seedLongEntries(page: Page) {
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
  const withdrawn = await page.request.post("/vertrag-widerrufen", {
    form: {
      intent: "confirm",
      name: "Maximiliane Mustermann-Lüdenscheid",
      email: "eine.sehr.lange.adresse@beispiel-unternehmen.example",
      orderNumber: "abcdef12",
      note: "Bitte an die Adresse Hauptstraße 123 in 01234 Musterstadt-Unterdorf zurücküberweisen.",
    },
  });
  expect(withdrawn.status()).toBeLessThan(400);
  // The receipt pages (the redirect's target), with the long name and address in their lists.
  for (const receipt of [cancelled, withdrawn]) {
    expect(await receipt.text()).toContain("eine.sehr.lange.adresse@beispiel-unternehmen.example");
  }
  const receipts = [cancelled.url(), withdrawn.url()].map((url) => new URL(url).pathname);
  expect(receipts).toEqual([
    expect.stringMatching(/^\/vertrag-kuendigen\/eingang\/[0-9a-f-]{36}$/),
    expect.stringMatching(/^\/vertrag-widerrufen\/eingang\/[0-9a-f-]{36}$/),
  ]);
  return receipts;
}

/**
 * Every detail page of the demo catalogue (supabase/seed.sql: 8 products, 6 events, 6 courses): real
 * German titles, whichever items other tests add meanwhile.
 */
const SEEDED_DETAILS = (
  [
    ["products", "b", 8],
    ["events", "e", 6],
    ["courses", "c", 6],
  ] as const
).flatMap(([kind, prefix, count]) =>
  Array.from(
    { length: count },
    (_, i) => `/${kind}/${prefix}0000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
  ),
);

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
    const receipts = await seedLongEntries(page);
    // A long name, as the profile form allows (100 characters): it wraps on the profile page.
    await signIn({
      admin: true,
      email: `ein-sehr-langer-name-${Date.now()}@beispiel-unternehmen.example`,
      lastName: "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafe",
    });
    const { orderId } = await orderEvent(page, 2);
    // A participant with a long name (one word): the Teilerstattung form lists them to tick.
    await registerParticipant(page, orderId, "Maximiliane", "Wolfeschlegelsteinhausenbergerdorff");
    // Paid: the order page then has its invoice, the payment rows and the Teilerstattung form.
    await page.goto(`/admin/orders?order=${orderId}`);
    await markPaidOnItsPage(page);
    await expect(
      page.getByRole("region", { name: "Teilerstattung" }).getByRole("checkbox", { name: /Maximiliane/ }),
    ).toBeVisible();
    // Cancelled: its page offers the payment form for money that comes in late.
    const cancelled = await orderEvent(page, 1);
    await page.goto(`/admin/orders?order=${cancelled.orderId}`);
    await cancelOrderOnItsPage(page);
    await expect(page.getByTestId("payment-after-cancellation")).toBeVisible();
    const details = await detailPages(page);
    const itemId = details[0].split("/").pop()!;
    await page.request.post("/cart", { form: { intent: "add", itemId, itemType: "product", quantity: "1" } });
    expect(
      await sidewaysProblems(page, [
        ...MEMBER,
        ...receipts,
        `/order-confirmation/${orderId}`,
        ...ADMIN,
        // The list's description repeats the search: one long word must wrap, not widen the page.
        `/admin/products?q=${"Achtsamkeitsmeditationswochenende".repeat(2)}`,
        `/admin/orders?order=${orderId}`,
        `/admin/orders?order=${cancelled.orderId}`,
        `/admin/events/${SEEDED_EVENT}/teilnehmer`,
        `/admin/events/${SEEDED_EVENT}/teilnehmer?druck=1`,
      ]),
    ).toEqual([]);
  });
});

test("the order confirmation's items fit a 320 px phone: quantity and unit price under the price", async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.setViewportSize({ width: 320, height: 640 });
  await orderEvent(page, 2);
  const items = page.getByRole("region", { name: "Deine Artikel" });
  // Not even inside its own region: four columns were cut ("Prei", "29,90" without its "€").
  expect(await items.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);
  await expect(items.getByRole("columnheader")).toHaveText(["Artikel", "Preis"]);
  await expect(items.getByRole("row").nth(1).getByRole("cell").last()).toHaveText(/^\d+,\d\d\s€2 × \d+,\d\d\s€$/);
  const total = items.getByTestId("order-total");
  const label = items.getByRole("rowheader", { name: "Gesamt" });
  const [labelBox, totalBox] = [(await label.boundingBox())!, (await total.boundingBox())!];
  // The label and the amount do not run together ("Gesamt26,91 €").
  expect(totalBox.x - (labelBox.x + labelBox.width)).toBeGreaterThanOrEqual(0);
  expect(await total.evaluate((cell) => parseFloat(getComputedStyle(cell).paddingLeft))).toBeGreaterThanOrEqual(8);
});

/**
 * German compounds break at syllables with a visible hyphen, never mid-word ("Dankbarkeitstagebuc" /
 * "h"): the server puts soft hyphens into catalogue titles and headings. Admin list cells are at
 * least as wide as their longest syllable (no title one letter per line on a phone).
 */
test.describe("no word split without a hyphen at 320, 390 and 1280 px", () => {
  test("public pages", async ({ page }) => {
    test.setTimeout(360_000);
    // The demo catalogue, and whatever other tests created last (generated titles, prices of 0).
    const details = [...new Set([...SEEDED_DETAILS, ...(await detailPages(page))])];
    const itemId = details[0].split("/").pop()!;
    await page.request.post("/cart", { form: { intent: "add", itemId, itemType: "product", quantity: "2" } });
    expect(await wordBreakProblems(page, [...PUBLIC, ...details])).toEqual([]);
  });

  test("admin lists", async ({ page, signIn }) => {
    test.setTimeout(180_000);
    await seedLongEntries(page);
    await signIn({ admin: true, email: `ein-sehr-langer-name-${Date.now()}@beispiel-unternehmen.example` });
    await orderEvent(page, 1);
    expect(await wordBreakProblems(page, ADMIN_LISTS, { cells: true })).toEqual([]);
  });

  test("the order confirmation: the IBAN breaks only between its groups of four", async ({ page, signIn }) => {
    test.setTimeout(90_000);
    await signIn();
    const { orderId } = await orderEvent(page, 1);
    const path = `/order-confirmation/${orderId}`;
    expect(await wordBreakProblems(page, [path])).toEqual([]);
    await page.goto(path);
    await expect(page.getByTestId("bank-transfer").locator("dt:text-is('IBAN') + dd")).toHaveText(
      /^[A-Z]{2}\d{2}( [A-Z0-9]{4})+( [A-Z0-9]{1,3})?$/,
    );
  });
});

test("a signed-in member's menu opens fully on screen at 320 and 390 px", async ({ page, signIn }) => {
  await signIn();
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 640 });
    await page.goto("/");
    const menu = page.locator("details[data-menu]").filter({ has: page.getByLabel("Benutzermenü") });
    await menu.locator("summary").click();
    const panel = menu.locator(".menu-panel");
    await expect(panel.getByRole("link", { name: "Dashboard" })).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x, `${width} px: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${width} px: right edge`).toBeLessThanOrEqual(width);
  }
});
