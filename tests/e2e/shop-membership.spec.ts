import type { Page } from "@playwright/test";
import { pdfText } from "../../app/server/orders/fixtures/pdf-text";
import { expect, expectAccessible, mailsTo, test, uniqueEmail } from "./support/fixtures";
import { markPaidOnItsPage } from "./support/admin-orders";

// Seed (supabase/seed.sql): Yearly Membership 99,00 €; course 249,00 € / community price 199,00 €.
const YEARLY_PLAN_ID = "a0000000-0000-4000-8000-000000000002";
const COURSE = "c0000000-0000-4000-8000-000000000001";
const COURSE_TITLE = "Selbstwert stärken in 8 Wochen";

async function chooseYearly(page: Page) {
  await page.goto("/join");
  const button = page.getByRole("button", { name: "Get Yearly" });
  const shown = await button.waitFor({ state: "visible", timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (shown) {
    await button.click();
    await expect(page.getByRole("article", { name: "Yearly" })).toContainText("Ausgewählt");
  } else {
    // Without JavaScript the streamed plan list can stay a placeholder: send what 'Get Yearly' sends.
    const response = await page.request.post("/cart", {
      form: { intent: "plan", planId: YEARLY_PLAN_ID, redirectTo: "/join" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
}

test("a visitor buys Yearly and a course, pays the course's community price, and is a member once the order is completed", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(150_000);
  const { email } = await signIn();

  // Not a member yet: the regular price is theirs, and the page says how to get the other one.
  await page.goto(`/courses/${COURSE}`);
  await expect(page.getByRole("heading", { level: 1, name: COURSE_TITLE })).toBeVisible();
  const prices = page.locator("main dl.price-list").first();
  await expect(prices).not.toHaveAttribute("data-member-prices");
  await expect(prices.locator(":scope > div").first()).toContainText("Dein Preis");
  await expect(
    page.getByTestId("member-price-hint").getByRole("link", { name: "Mitgliedschaft ansehen" }),
  ).toHaveAttribute("href", "/join");
  // The plans that bring the price are named: a Free member is a member and pays the regular one too.
  await expect(page.getByTestId("member-price-hint")).toContainText(
    "Mit einer Yearly- oder Lifetime-Mitgliedschaft zahlst du den günstigeren Preis.",
  );
  await expect(page.getByTestId("header-plan")).toHaveCount(0);
  await page.getByRole("button", { name: /in den Warenkorb legen/ }).click();
  await expect(page.getByText(`${COURSE_TITLE} wurde in den Warenkorb gelegt.`).first()).toBeVisible();

  await page.goto("/cart");
  const courseLine = page.getByRole("listitem").filter({ hasText: COURSE_TITLE });
  await expect(courseLine).toContainText(/Einzelpreis 249,00\s€/);

  // With Yearly in the same cart the course costs its community price, and the cart says so.
  await chooseYearly(page);
  await page.goto("/cart");
  await expect(courseLine).toContainText(/Einzelpreis 199,00\s€/);
  await expect(page.getByText("Community-Preise mit deiner Mitgliedschaft")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText(/298,00\s€/);
  // A membership has quantity 1: no quantity field for it.
  await expect(page.getByLabel("Menge für Yearly Membership")).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total")).toHaveText(/298,00\s€/);
  await page.getByLabel("Straße und Hausnummer").fill("Sonnenallee 7");
  await page.getByLabel("PLZ").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Land").fill("Deutschland");
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").pop()!;
  const courseRow = page.getByRole("row").filter({ hasText: COURSE_TITLE });
  await expect(courseRow.getByRole("cell").nth(2)).toHaveText(/199,00\s€/);
  await expect(page.getByTestId("order-total")).toHaveText(/298,00\s€/);
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  expect(mailsTo(email)[0].text).toMatch(/1 × Selbstwert stärken in 8 Wochen à 199,00\s€/);

  // Ordered, not paid: the dashboard says when it starts; prices are still the regular ones.
  await page.goto("/dashboard");
  await expect(page.getByTestId("membership-card")).toContainText(
    "Yearly-Mitgliedschaft bestellt: wird mit Zahlungseingang aktiv.",
  );

  // The admin completes the order (payment received).
  const adminContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const admin = await adminContext.newPage();
  const session = await admin.request.post("/__e2e/session", {
    data: { email: uniqueEmail("admin"), password: "sicheres-Passwort-123", admin: true },
  });
  expect(session.ok()).toBeTruthy();
  await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}&order=${orderId}`);
  await expect(admin.getByRole("cell", { name: "Yearly Membership" })).toBeVisible();
  await markPaidOnItsPage(admin);
  await expect(admin.getByText("Der Bestellstatus wurde auf „Abgeschlossen“ geändert.")).toBeVisible();
  await adminContext.close();

  // Now a member: plan in the header, the membership card, community prices marked as theirs.
  await page.goto("/dashboard");
  await expect(page.getByTestId("header-plan").first()).toHaveText("Yearly-Mitglied");
  const card = page.getByTestId("membership-card");
  await expect(card).toContainText("Yearly");
  await expect(card).toContainText("Mitglied seit");
  await expect(card).toContainText("Gültig bis");
  await expect(card).not.toContainText("wird mit Zahlungseingang aktiv");
  await expectAccessible(page);

  // The invoice names the year paid for under its line (§ 14 Abs. 4 Nr. 6 UStG), as the card does.
  const since = (await card.locator("dt:text-is('Mitglied seit') + dd").textContent())!.trim();
  const until = (await card.locator("dt:text-is('Gültig bis') + dd").textContent())!.trim();
  const invoiceLink = page.getByRole("link", { name: /^Rechnung RE-\d{4}-\d{6} herunterladen \(PDF\)$/ });
  const pdf = await page.request.get((await invoiceLink.getAttribute("href"))!);
  const invoiceText = await pdfText(await pdf.body());
  expect(invoiceText).toMatch(new RegExp(`Yearly Membership\\s+Leistungszeitraum: ${since} – ${until}`));

  await page.goto(`/courses/${COURSE}`);
  const memberPrices = page.locator("main dl.price-list").first();
  await expect(memberPrices).toHaveAttribute("data-member-prices", "true");
  await expect(memberPrices.locator(":scope > div").nth(1)).toContainText("Dein Preis");
  await expect(page.getByTestId("member-price-hint")).toHaveCount(0);
  await page.getByRole("button", { name: /in den Warenkorb legen/ }).click();
  await expect(page.getByText(`${COURSE_TITLE} wurde in den Warenkorb gelegt.`).first()).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("listitem").filter({ hasText: COURSE_TITLE })).toContainText(/Einzelpreis 199,00\s€/);

  // /join marks the current plan; it cannot be chosen again, nor a lower one.
  await page.goto("/join");
  const yearly = page.getByRole("article", { name: "Yearly" });
  await expect(yearly).toContainText("Dein aktueller Plan");
  await expect(yearly.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Free" })).toContainText("niedrigere Mitgliedschaft");
  await expect(page.getByRole("button", { name: "Get Lifetime" })).toBeVisible();
  // The server refuses the held plan whatever the page shows.
  const again = await page.request.post("/cart", {
    form: { intent: "plan", planId: YEARLY_PLAN_ID, redirectTo: "/cart" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  await page.goto("/cart");
  // A renewal is taken only from 30 days before the end (place_order's words).
  await expect(
    page.getByText(/^Du kannst deine Yearly-Mitgliedschaft ab dem \d{2}\.\d{2}\.\d{4} verlängern\.$/).first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Yearly Membership" })).toHaveCount(0);
});

test("membership products are not offered in /products and /offers", async ({ page }) => {
  await page.goto("/products");
  await expect(page.locator("main article").first()).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Yearly Membership");
  await expect(page.locator("main")).not.toContainText("Lifetime Membership");
  await page.goto("/offers");
  await expect(page.locator("main")).not.toContainText("Membership");
  const detail = await page.request.get(`/products/${YEARLY_PLAN_ID}`);
  expect(detail.status()).toBe(404);
});

test("an admin grants a membership by hand with a reason, and a refused change keeps the input", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(90_000);
  const member = await signIn();
  const adminContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const admin = await adminContext.newPage();
  const session = await admin.request.post("/__e2e/session", {
    data: { email: uniqueEmail("admin"), password: "sicheres-Passwort-123", admin: true },
  });
  expect(session.ok()).toBeTruthy();
  await admin.goto(`/admin/profiles?q=${encodeURIComponent(member.email)}&profile=${member.userId}`);
  await expect(admin.getByTestId("admin-membership-status")).toHaveText("Keine Mitgliedschaft");
  // Granting without a plan: refused at the plan's field, the reason kept.
  await admin.getByLabel("Aktion").selectOption("grant");
  await admin.getByLabel("Grund").fill("Gewinn beim Sommerfest");
  await admin.getByRole("button", { name: "Mitgliedschaft speichern" }).click();
  const planField = admin.getByLabel("Plan (beim Vergeben)");
  await expect(planField).toHaveAccessibleDescription("Bitte wähle einen Plan.");
  await expect(planField).toHaveAttribute("aria-invalid", "true");
  await expect(planField).toBeFocused();
  await expect(admin.getByLabel("Grund")).toHaveValue("Gewinn beim Sommerfest");
  await admin.getByLabel("Plan (beim Vergeben)").selectOption("lifetime");
  await admin.getByLabel("Grund").fill("Gewinn beim Sommerfest");
  await admin.getByRole("button", { name: "Mitgliedschaft speichern" }).click();
  await expect(admin.getByText("Die Mitgliedschaft wurde vergeben.")).toBeVisible();
  await expect(admin.getByTestId("admin-membership-status")).toContainText("Lifetime");
  await expect(admin.getByTestId("admin-membership-status")).toContainText("unbegrenzt");

  await admin.getByLabel("Aktion").selectOption("extend");
  await admin.getByLabel("Grund").fill("Kulanz");
  await admin.getByRole("button", { name: "Mitgliedschaft speichern" }).click();
  await expect(admin.getByText("Nur eine Jahresmitgliedschaft kann verlängert werden.")).toBeVisible();
  await expect(admin.getByLabel("Grund")).toHaveValue("Kulanz");
  await adminContext.close();

  await page.goto("/");
  await expect(page.getByTestId("header-plan").first()).toHaveText("Lifetime-Mitglied");
});

test("the profile dialog shows the membership's history: action, plan, admin and reason", async ({
  browser,
  signIn,
}) => {
  test.setTimeout(90_000);
  const member = await signIn();
  const adminContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const admin = await adminContext.newPage();
  const adminEmail = uniqueEmail("verlauf-admin");
  const session = await admin.request.post("/__e2e/session", {
    data: { email: adminEmail, password: "sicheres-Passwort-123", admin: true },
  });
  expect(session.ok()).toBeTruthy();
  await admin.goto(`/admin/profiles?q=${encodeURIComponent(member.email)}&profile=${member.userId}`);
  const history = admin.getByRole("region", { name: "Verlauf der Mitgliedschaft" });
  await expect(history).toContainText("Noch keine Änderungen protokolliert.");

  const save = async (action: string, reason: string, plan?: string) => {
    await admin.getByLabel("Aktion").selectOption(action);
    if (plan) await admin.getByLabel("Plan (beim Vergeben)").selectOption(plan);
    await admin.getByLabel("Grund").fill(reason);
    await admin.getByRole("button", { name: "Mitgliedschaft speichern" }).click();
  };
  await save("grant", "Dankeschön für die Mithilfe beim Sommerfest", "yearly");
  await expect(admin.getByText("Die Mitgliedschaft wurde vergeben.")).toBeVisible();
  await save("end", "Auf eigenen Wunsch beendet");
  await expect(admin.getByText("Die Mitgliedschaft wurde beendet.")).toBeVisible();

  // Newest first: the end above the grant, each with the admin's e-mail, the plan and the reason.
  const entries = history.getByRole("listitem").filter({ has: admin.locator("p") });
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Beendet");
  await expect(entries.nth(0)).toContainText(`von ${adminEmail}`);
  await expect(entries.nth(0)).toContainText("Plan: Yearly");
  await expect(entries.nth(0)).toContainText("Grund: Auf eigenen Wunsch beendet");
  await expect(entries.nth(1)).toContainText("Plan vergeben");
  await expect(entries.nth(1)).toContainText(`von ${adminEmail}`);
  await expect(entries.nth(1)).toContainText("Plan: Yearly");
  await expect(entries.nth(1)).toContainText("Grund: Dankeschön für die Mithilfe beim Sommerfest");
  await expect(entries.nth(1)).toContainText(/am \d{2}\.\d{2}\.\d{4}/);
  await expect(entries.nth(1)).toContainText(/Gültig bis: \d{2}\.\d{2}\.\d{4}/);
  await adminContext.close();

  // The member heard of both, with what holds now (never the admin's reason).
  const texts = () => mailsTo(member.email).map((mail) => mail.text);
  await expect.poll(() => texts().filter((text) => text.includes("Yearly-Mitgliedschaft")).length).toBe(2);
  const [granted, ended] = mailsTo(member.email).filter((mail) => mail.text.includes("Yearly-Mitgliedschaft"));
  expect(granted!.text).toMatch(
    /wir haben dir die Yearly-Mitgliedschaft eingerichtet, gültig bis zum \d\d\.\d\d\.\d{4}\./,
  );
  expect(granted!.text).toContain("Community-Preise");
  expect(ended!.text).toMatch(/wir haben deine Yearly-Mitgliedschaft zum \d\d\.\d\d\.\d{4} beendet\./);
  expect(ended!.text).not.toContain("Auf eigenen Wunsch");
});
