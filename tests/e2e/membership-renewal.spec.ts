import type { Browser, Page } from "@playwright/test";
import { checkOutCart, openCheckoutFilled } from "./members-support";
import { berlinDay } from "./support/dates";
import { sidewaysProblems } from "./support/layout";
import { expect, expectAccessible, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";
import { markPaidOnItsPage } from "./support/admin-orders";

/**
 * Renewal of a Yearly membership (from 30 days before its end) and how the end is shown (header,
 * dashboard card, admin profile dialog). The shop's clock is never moved here: the fixture hook
 * (POST /__e2e/session with `plan` and `membershipUntil`) gives the member a membership ending soon.
 */

const DAY = 24 * 60 * 60 * 1000;

/** `days` from now at 12:00 UTC (the same calendar day in Berlin, whatever the season). */
function noonIn(days: number) {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(12, 0, 0, 0);
  return d;
}

function yearLater(d: Date) {
  const next = new Date(d);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

async function memberWith(page: Page, membership: { until: Date; cancelledAt?: Date }) {
  const email = uniqueEmail("renew");
  const response = await page.request.post("/__e2e/session", {
    data: {
      email,
      password: PASSWORD,
      firstName: "Erika",
      lastName: "Muster",
      plan: "yearly",
      membershipUntil: membership.until.toISOString(),
      membershipCancelledAt: membership.cancelledAt?.toISOString() ?? null,
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { email, userId: ((await response.json()) as { userId: string }).userId };
}

async function asAdmin(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const admin = await context.newPage();
  const session = await admin.request.post("/__e2e/session", {
    data: { email: uniqueEmail("admin"), password: PASSWORD, admin: true },
  });
  expect(session.ok()).toBeTruthy();
  return { admin, close: () => context.close() };
}

test("a Yearly member renews from 30 days before the end; once paid it ends a year later", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const until = noonIn(20);
  const { email, userId } = await memberWith(page, { until });

  await page.goto("/dashboard");
  const card = page.getByTestId("membership-card");
  await expect(card.getByTestId("membership-end")).toHaveText(
    `Deine Yearly-Mitgliedschaft endet am ${berlinDay(until)}.`,
  );
  await expect(page.getByTestId("header-plan").first()).toHaveText("Yearly-Mitglied");
  await expect(page.getByTestId("header-plan-end").first()).toHaveText(`endet am ${berlinDay(until)}`);
  await expect(card.getByRole("button", { name: "Mitgliedschaft verlängern" })).toBeVisible();
  // § 312k: the card says how to cancel, with the way there.
  await expect(
    card.getByTestId("membership-how-to-cancel").getByRole("link", { name: "Verträge hier kündigen" }),
  ).toHaveAttribute("href", "/vertrag-kuendigen");
  await expect(card.getByTestId("membership-how-to-cancel")).toContainText(
    "Yearly endet dann zum Ende des bezahlten Jahres, Lifetime und Free zum gewünschten Datum.",
  );
  await expectAccessible(page);

  // The admin's profile dialog says the same end.
  const { admin, close } = await asAdmin(browser);
  await admin.goto(`/admin/profiles?q=${encodeURIComponent(email)}&profile=${userId}`);
  await expect(admin.getByTestId("admin-membership-status")).toContainText(`Yearly, seit `);
  await expect(admin.getByTestId("admin-membership-status")).toContainText(`endet am ${berlinDay(until)}`);

  await page.goto("/join");
  const renewal = page.getByRole("region", { name: /Deine Yearly-Mitgliedschaft endet am/ });
  await expect(renewal).toContainText(`endet am ${berlinDay(until)}`);
  await expect(page.getByText("Verlängern kannst du ab dem")).toHaveCount(0);
  await expectAccessible(page);
  await renewal.getByRole("button", { name: "Mitgliedschaft verlängern" }).click();

  // The plan is in the cart, and the checkout takes it (place_order: the renewal window is open).
  await expect(page).toHaveURL(/\/cart$/);
  // The URL changes before the cart page has replaced /join's plan cards (whose lists name the plan too).
  await expect(page.getByRole("heading", { level: 1, name: "Warenkorb" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "Yearly Membership" })).toBeVisible();
  // The checkout and the order mail say when the new year starts: where the running one ends.
  const renewalNote = `Verlängerung deiner Yearly-Mitgliedschaft: Die neue Laufzeit beginnt am ${berlinDay(until)}, wenn die laufende endet`;
  await openCheckoutFilled(page);
  await expect(page.getByText(renewalNote)).toBeVisible();
  const orderId = await checkOutCart(page);
  await expect
    .poll(() => mailsTo(email).some((m) => m.text.includes(renewalNote.replace(/ +/g, " "))), { timeout: 20_000 })
    .toBe(true);

  // Ordered, not paid: no second renewal is offered, and the end is still the old one.
  await page.goto("/dashboard");
  await expect(card).toContainText("Yearly-Mitgliedschaft bestellt: wird mit Zahlungseingang aktiv.");
  await expect(card.getByTestId("membership-end")).toContainText(berlinDay(until));
  await expect(page.getByRole("button", { name: "Mitgliedschaft verlängern" })).toHaveCount(0);

  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}&order=${orderId}`);
  await expect(admin.getByRole("cell", { name: "Yearly Membership" })).toBeVisible();
  await markPaidOnItsPage(admin);
  await expect(admin.getByText("Der Bestellstatus wurde auf „Abgeschlossen“ geändert.")).toBeVisible();
  await close();

  // The new year starts at the old end.
  const renewed = yearLater(until);
  await page.goto("/dashboard");
  await expect(card.getByTestId("membership-end")).toHaveText(
    `Deine Yearly-Mitgliedschaft endet am ${berlinDay(renewed)}.`,
  );
  await expect(page.getByTestId("header-plan-end").first()).toHaveText(`endet am ${berlinDay(renewed)}`);
  await expect(card.getByRole("button", { name: "Mitgliedschaft verlängern" })).toHaveCount(0);
  await expect(card.getByTestId("renewal-from")).toHaveText(
    `Verlängern kannst du ab dem ${berlinDay(new Date(renewed.getTime() - 30 * DAY))}.`,
  );
});

test("before the window no renewal is offered, and /join says from when", async ({ page }) => {
  const until = noonIn(365);
  const from = berlinDay(new Date(until.getTime() - 30 * DAY));
  await memberWith(page, { until });

  await page.goto("/join");
  await expect(page.getByText(`Verlängern kannst du ab dem ${from}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mitgliedschaft verlängern" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Yearly" })).toContainText("Das ist deine Mitgliedschaft.");
  await expectAccessible(page);

  await page.goto("/dashboard");
  await expect(page.getByTestId("membership-end")).toContainText(`endet am ${berlinDay(until)}`);
  await expect(page.getByRole("button", { name: "Mitgliedschaft verlängern" })).toHaveCount(0);
  await expectAccessible(page);

  // The cart refuses the plan with place_order's words, even when asked directly.
  const refused = await page.request.post("/cart", {
    form: { intent: "plan", planId: "a0000000-0000-4000-8000-000000000002", redirectTo: "/cart", _js: "1" },
  });
  expect(refused.status()).toBe(400);
  await page.goto("/cart");
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "Yearly Membership" })).toHaveCount(0);
});

test("a Yearly member choosing Lifetime is told the paid year is replaced, on /join and at the checkout", async ({
  page,
}) => {
  const until = noonIn(200);
  const note = `Deine Yearly-Mitgliedschaft (bezahlt bis ${berlinDay(until)}) wird mit dem Zahlungseingang durch Lifetime ersetzt. Für die restliche Laufzeit gibt es keine Gutschrift.`;
  await memberWith(page, { until });

  await page.goto("/join");
  const card = page.getByRole("article", { name: "Lifetime" });
  await expect(card).toContainText(note);
  await expect(card.getByRole("button")).toHaveAccessibleDescription(note);
  await expect(page.getByRole("article", { name: "Yearly" })).not.toContainText("ersetzt");
  await expectAccessible(page);

  await card.getByRole("button").click();
  await expect(card.getByRole("button", { name: "Ausgewählt" })).toBeVisible();
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-plan-change")).toHaveText(note);
});

test("a cancelled membership says 'gekündigt zum' its end", async ({ page, browser }) => {
  const until = noonIn(100);
  const { email, userId } = await memberWith(page, { until, cancelledAt: new Date() });

  await page.goto("/dashboard");
  await expect(page.getByTestId("membership-end")).toHaveText(
    `Deine Yearly-Mitgliedschaft ist gekündigt zum ${berlinDay(until)}.`,
  );
  await expect(page.getByTestId("header-plan-end").first()).toHaveText(`gekündigt zum ${berlinDay(until)}`);

  const { admin, close } = await asAdmin(browser);
  await admin.goto(`/admin/profiles?q=${encodeURIComponent(email)}&profile=${userId}`);
  await expect(admin.getByTestId("admin-membership-status")).toContainText(`gekündigt zum ${berlinDay(until)}`);
  await close();
});

test("a cancelled membership offers taking the cancellation back, not a renewal", async ({ page }) => {
  const until = noonIn(10);
  await memberWith(page, { until, cancelledAt: new Date() });
  await page.goto("/dashboard");
  const card = page.getByTestId("membership-card");
  await expect(card.getByTestId("membership-end")).toHaveText(
    `Deine Yearly-Mitgliedschaft ist gekündigt zum ${berlinDay(until)}.`,
  );
  await expect(card.getByRole("button", { name: "Mitgliedschaft verlängern" })).toHaveCount(0);
  await expect(card).not.toContainText("Verlängern kannst du");
});

test("a former member is told how the plan ended and is invited back", async ({ page }) => {
  const expired = noonIn(-20);
  await memberWith(page, { until: expired });
  await page.goto("/dashboard");
  let card = page.getByTestId("membership-card");
  await expect(card).toContainText(`Deine Yearly-Mitgliedschaft ist am ${berlinDay(expired)} abgelaufen.`);
  await expect(card).not.toContainText("noch kein Mitglied");
  await expect(card.getByRole("link", { name: "Wieder Mitglied werden" })).toHaveAttribute("href", "/join");
  await expectAccessible(page);

  // Another member (the hook signs this browser in as them).
  const cancelled = noonIn(-5);
  await memberWith(page, { until: cancelled, cancelledAt: noonIn(-40) });
  await page.goto("/dashboard");
  card = page.getByTestId("membership-card");
  await expect(card).toContainText(
    `Deine Yearly-Mitgliedschaft ist am ${berlinDay(cancelled)} beendet, wie gekündigt.`,
  );
  await expect(card).toContainText("Yearly (beendet)");
});

test("@phone renewal at 390 px: the end in the menu, the button in the card, nothing scrolls sideways", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const until = noonIn(20);
  await memberWith(page, { until });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/dashboard");
  const card = page.getByTestId("membership-card");
  await expect(card.getByTestId("membership-end")).toContainText(`endet am ${berlinDay(until)}`);
  await expect(card.getByRole("button", { name: "Mitgliedschaft verlängern" })).toBeVisible();
  await expectAccessible(page);

  // The plan and its end are in the mobile menu.
  await page.locator("summary").filter({ hasText: "Menü öffnen" }).click();
  await expect(page.getByTestId("header-plan-end").last()).toBeVisible();
  await expect(page.getByTestId("header-plan-end").last()).toHaveText(`endet am ${berlinDay(until)}`);

  await page.goto("/join");
  await expect(page.getByRole("button", { name: "Mitgliedschaft verlängern" })).toBeVisible();
  await expectAccessible(page);
});

test("the plan's end keeps the header within the page at 320, 390, 768 and 1280 px", async ({ page }) => {
  test.setTimeout(90_000);
  await memberWith(page, { until: noonIn(20), cancelledAt: new Date() });
  expect(await sidewaysProblems(page, ["/dashboard", "/join"], [320, 390, 768, 1280])).toEqual([]);
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard");
    await expect(page.getByTestId("header-plan-end").first()).toBeVisible();
    // The fixed header's row: nothing in it may stick out (it would not widen the page).
    const overflow = await page
      .locator("header > div")
      .last()
      .evaluate((row) => row.scrollWidth - row.clientWidth);
    expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
  }
});
