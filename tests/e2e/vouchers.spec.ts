import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { addToCart } from "./support/shop";
import { otherBrowser } from "./members-support";
import { pdfText } from "../../app/server/orders/fixtures/pdf-text";
import { expect, expectAccessible, mailsTo, test } from "./support/fixtures";
import { markPaidOnItsPage } from "./support/admin-orders";

/**
 * Vouchers (issue 29): an admin creates a code (bad input first: German errors next to the fields,
 * values kept, nothing stored); a customer redeems it in the cart (a wrong code first), checks out,
 * and the discount is its own line on the cart, the checkout, the confirmation page, the mail and,
 * once the admin confirms the payment, the invoice PDF with the VAT split per rate. JavaScript on
 * and off (the projects), a phone, and the keyboard alone.
 */

// Seed: 24,90 € (7 %) and 14,90 € (19 %); buyers without membership pay these.
const BOOK = "/products/b0000000-0000-4000-8000-000000000001";
const MUG = "/products/b0000000-0000-4000-8000-000000000007";

const newCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;

async function checkout(page: Page) {
  await page.getByLabel(/^Vorname/).fill("Erika");
  await page.getByLabel(/^Nachname/).fill("Muster");
  await page.getByLabel("Straße und Hausnummer").fill("Sonnenallee 7");
  await page.getByLabel("PLZ").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Land").fill("Deutschland");
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

test("an admin creates a code; a customer redeems it; the invoice shows it per VAT rate", async ({ page, signIn }) => {
  test.setTimeout(180_000);
  const code = newCode("SOMMER");
  await signIn({ admin: true });
  await page.goto("/admin");
  await page.getByRole("link", { name: "Gutscheine" }).first().click();
  await expect(page).toHaveURL(/\/admin\/gutscheine$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gutscheine" })).toBeVisible();

  // Bad input: percent over 100 and an end before its start. German errors, values kept.
  await page.getByLabel("Code").fill(code.toLowerCase());
  await page.getByLabel("Art des Rabatts").selectOption("percent");
  await page.getByLabel("Rabatt (Prozent oder Euro)").fill("120");
  await page.getByLabel("Gültig ab (optional)").fill("2026-12-10");
  await page.getByLabel("Gültig bis einschließlich (optional)").fill("2026-12-01");
  await page.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(page.getByText("Ein Rabatt in Prozent kann höchstens 100 % sein.")).toBeVisible();
  await expect(page.getByText("Das Ende liegt vor dem Beginn.")).toBeVisible();
  await expect(page.getByLabel("Code")).toHaveValue(code.toLowerCase());
  await expect(page.getByLabel("Rabatt (Prozent oder Euro)")).toHaveValue("120");
  await expect(page.getByTestId("voucher-row").filter({ hasText: code })).toHaveCount(0);
  await expectAccessible(page);

  // Corrected: 10 %, no dates. Stored in upper case, listed with its uses.
  await page.getByLabel("Rabatt (Prozent oder Euro)").fill("10");
  await page.getByLabel("Gültig ab (optional)").fill("");
  await page.getByLabel("Gültig bis einschließlich (optional)").fill("");
  await page.getByLabel("Einlösungen insgesamt (optional)").fill("5");
  await page.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(page.getByText("Gutschein angelegt").first()).toBeVisible();
  const row = page.getByTestId("voucher-row").filter({ hasText: code });
  await expect(row).toContainText("10 %");
  await expect(row).toContainText("0 von 5");
  await expect(row).toContainText("Aktiv");
  // Saved: the form is empty again, so a second click cannot create a second code.
  await expect(page.getByLabel("Code")).toHaveValue("");

  // The same code again (in other letters) is a duplicate.
  await page.getByLabel("Code").fill(code.toLowerCase());
  await page.getByLabel("Rabatt (Prozent oder Euro)").fill("5");
  await page.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(page.getByText("Diesen Code gibt es schon. Bitte wähle einen anderen.")).toBeVisible();

  // The customer: a wrong code first, then the right one in lower case.
  const { email } = await signIn();
  await addToCart(page, BOOK);
  await addToCart(page, MUG);
  await page.goto("/cart");
  await page.getByLabel("Gutscheincode").fill("GIBTSNICHT");
  await page.getByRole("button", { name: "Gutscheincode einlösen" }).click();
  await expect(
    page.getByText("Den Gutscheincode „GIBTSNICHT“ gibt es nicht. Bitte prüfe die Schreibweise."),
  ).toBeVisible();
  await expect(page.getByLabel("Gutscheincode")).toHaveValue("GIBTSNICHT");
  await expect(page.getByTestId("cart-total")).toHaveText(/^39,80\s€$/);
  await page.getByLabel("Gutscheincode").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Gutscheincode einlösen" }).click();
  await expect(page.getByTestId("voucher-applied")).toContainText(code);
  await expect(page.getByTestId("cart-discount")).toContainText(/-3,98\s€/);
  await expect(page.getByTestId("cart-total")).toHaveText(/^35,82\s€$/);
  await expectAccessible(page);

  // The checkout (§ 312j summary) shows it too, and the order carries it.
  await page.getByRole("link", { name: "Zur Kasse" }).click();
  await expect(page.getByTestId("checkout-discount")).toContainText(/-3,98\s€/);
  await expect(page.getByTestId("checkout-total")).toHaveText(/^35,82\s€$/);
  const orderId = await checkout(page);
  await expect(page.getByTestId("order-discount")).toHaveText(/-3,98\s€/);
  await expect(page.getByTestId("order-total")).toHaveText(/35,82\s€/);
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  expect(mailsTo(email)[0].text).toMatch(new RegExp(`Gutschein ${code}: -3,98\\s€`));
  // The dashboard's card adds up as the confirmation does, and leads back to the bank data.
  await page.goto("/dashboard");
  const card = page.getByTestId("order").filter({ hasText: orderId.slice(0, 8) });
  await expect(card.getByTestId("order-discount")).toHaveText(/-3,98\s€/);
  await expect(card).toContainText(`Gutschein ${code}`);
  await card.getByRole("link", { name: "Zahlungsinformationen und Bestellung ansehen" }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`));
  await expect(page.getByTestId("bank-transfer")).toContainText("Bitte überweise 35,82");
  // The cart is empty again, and so is the code.
  await page.goto("/cart");
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();

  // The admin confirms the payment; the invoice has the code per rate.
  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  await markPaidOnItsPage(page);
  const invoice = page.getByRole("link", { name: /^Rechnung RE-\d{4}-\d{6} \(PDF\)$/ });
  const pdf = await page.request.get((await invoice.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text).toContain(`Gutschein ${code}`);
  // 10 % of 24,90 (7 %) and 14,90 (19 %): 2,49 and 1,49. 7 %: 22,41 → 20,94 + 1,47; 19 %: 13,41 → 11,27 + 2,14.
  expect(text).toMatch(/-2,49\s€/);
  expect(text).toMatch(/-1,49\s€/);
  expect(text).toMatch(/Nettobetrag 7 %\s+20,94\s€/);
  expect(text).toMatch(/Umsatzsteuer 7 %\s+1,47\s€/);
  expect(text).toMatch(/Nettobetrag 19 %\s+11,27\s€/);
  expect(text).toMatch(/Umsatzsteuer 19 %\s+2,14\s€/);
  expect(text).toMatch(/Gesamtbetrag\s+35,82\s€/);
  // The admin's order names the code; the book sent back returns what it cost after the code.
  await expect(page.getByText(new RegExp(`^Gutschein ${code}: -3,98\\s€$`))).toBeVisible();
  const partial = page.getByRole("region", { name: "Teilerstattung" });
  await expect(partial).toContainText("abzüglich des Gutscheinanteils");
  await partial.getByLabel("Menge zurück: Dankbarkeitstagebuch").fill("1");
  await partial.getByRole("button", { name: "Teilerstattung anlegen" }).click();
  await expect(page.getByText(/^Rechnungskorrektur RE-\d{4}-\d{6} über 22,41\s€/)).toBeVisible();
  await page.goto("/admin/gutscheine");
  await expect(page.getByTestId("voucher-row").filter({ hasText: code })).toContainText("1 von 5");
  // Deactivated, it is listed as such and refused from now on.
  await page.getByRole("button", { name: `${code} deaktivieren` }).click();
  await expect(page.getByTestId("voucher-row").filter({ hasText: code })).toContainText("Deaktiviert");
});

test("a code created already expired or for later says so, in the toast and the list", async ({ page, signIn }) => {
  await signIn({ admin: true });
  await page.goto("/admin/gutscheine");
  const expired = newCode("ALT");
  await page.getByLabel("Code").fill(expired);
  await page.getByLabel("Rabatt (Prozent oder Euro)").fill("5");
  await page.getByLabel("Gültig bis einschließlich (optional)").fill("2020-01-31");
  await page.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(
    page.getByText(`${expired} ist schon abgelaufen (gültig bis 31.01.2020) und wird nicht angenommen.`),
  ).toBeVisible();
  await expect(page.getByTestId("voucher-row").filter({ hasText: expired })).toContainText("Abgelaufen");

  const later = newCode("SPAETER");
  await page.getByLabel("Code").fill(later);
  await page.getByLabel("Rabatt (Prozent oder Euro)").fill("5");
  await page.getByLabel("Gültig ab (optional)").fill("2099-01-01");
  await page.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(page.getByText(`${later} kann ab dem 01.01.2099 eingelöst werden.`)).toBeVisible();
  const row = page.getByTestId("voucher-row").filter({ hasText: later });
  await expect(row).toContainText("Ab 01.01.2099");
  await expect(row).not.toContainText("Aktiv");
});

test("the keyboard alone redeems and removes a code; a used-up code says so @phone", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const code = newCode("EINMAL");
  await signIn({ admin: true });
  // The admin's form by keyboard: code, kind (arrow keys in the select), amount, Enter.
  await page.goto("/admin/gutscheine");
  await page.getByLabel("Code").focus();
  await page.keyboard.type(code);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Art des Rabatts")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Art des Rabatts")).toHaveValue("fixed");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Rabatt (Prozent oder Euro)")).toBeFocused();
  await page.keyboard.type("5");
  await page.getByLabel("Einlösungen insgesamt (optional)").focus();
  await page.keyboard.type("1");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("voucher-row").filter({ hasText: code })).toBeVisible();
  await page.goto("/admin/gutscheine");
  await expect(page.getByTestId("voucher-row").filter({ hasText: code })).toContainText("0 von 1");

  await signIn();
  await addToCart(page, MUG);
  await page.goto("/cart");
  await page.getByLabel("Gutscheincode").focus();
  await page.keyboard.type(code.toLowerCase());
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-discount")).toContainText(/-5,00\s€/);
  await expect(page.getByTestId("cart-total")).toHaveText(/^9,90\s€$/);
  // With JavaScript the pressed control is replaced in place: focus goes to the section, not lost.
  const withScripts = test.info().project.name !== "js-off";
  const voucherHeading = page.getByRole("heading", { name: "Gutschein", exact: true });
  if (withScripts) await expect(voucherHeading).toBeFocused();
  await page.getByRole("button", { name: "Gutschein entfernen" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-discount")).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText(/^14,90\s€$/);
  if (withScripts) await expect(voucherHeading).toBeFocused();

  // Someone else takes the one use; then the code is refused here, and the cart is kept.
  await page.getByLabel("Gutscheincode").focus();
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-discount")).toBeVisible();
  const { baseURL, javaScriptEnabled } = test.info().project.use;
  const { page: other } = await otherBrowser(browser, { baseURL, javaScriptEnabled: javaScriptEnabled ?? true });
  await addToCart(other, MUG);
  await other.goto("/cart");
  await other.getByLabel("Gutscheincode").fill(code);
  await other.getByRole("button", { name: "Gutscheincode einlösen" }).click();
  // As its holder sees it: the discount in the cart, before going on to the checkout.
  await expect(other.getByTestId("cart-discount")).toBeVisible();
  await other.getByRole("link", { name: "Zur Kasse" }).click();
  await checkout(other);
  await other.context().close();

  await page.goto("/checkout");
  await expect(
    page.getByText(`Der Gutschein „${code}“ ist bereits aufgebraucht: alle Einlösungen sind vergeben.`),
  ).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(/^14,90\s€$/);
  // The order is what the summary shows: without the used-up code, not refused for it.
  const orderId = await checkout(page);
  await expect(page.getByTestId("order-total")).toHaveText(/^14,90\s€$/);
  await expect(page.getByTestId("order-discount")).toHaveCount(0);
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
});

test("a code at the checkout keeps what was typed, a wrong one first (JavaScript on and off)", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const code = newCode("KASSE");
  await signIn({ admin: true });
  await page.goto("/admin/gutscheine");
  await page.getByLabel("Code").fill(code);
  await page.getByLabel("Art des Rabatts").selectOption("fixed");
  await page.getByLabel("Rabatt (Prozent oder Euro)").fill("2");
  await page.getByRole("button", { name: "Gutschein anlegen" }).click();
  await expect(page.getByTestId("voucher-row").filter({ hasText: code })).toBeVisible();

  await signIn();
  await addToCart(page, MUG);
  await page.goto("/checkout");
  await page.getByLabel("Straße und Hausnummer").fill("Voucherweg 3");
  await page.getByLabel("PLZ").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Anmerkungen").fill("Bitte klingeln");

  await page.getByLabel("Gutscheincode").fill("GIBTSNICHT");
  await page.getByRole("button", { name: "Gutscheincode einlösen" }).click();
  await expect(
    page.getByText("Den Gutscheincode „GIBTSNICHT“ gibt es nicht. Bitte prüfe die Schreibweise."),
  ).toBeVisible();
  await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Voucherweg 3");
  await expect(page.getByLabel("Anmerkungen")).toHaveValue("Bitte klingeln");
  // Only the voucher's answer: no order was tried, so no field says it is missing.
  await expect(page.getByText(/Bitte gib/)).toHaveCount(0);

  await page.getByLabel("Gutscheincode").fill(code);
  await page.getByRole("button", { name: "Gutscheincode einlösen" }).click();
  await expect(page.getByTestId("voucher-applied")).toContainText(code);
  await expect(page.getByTestId("checkout-total")).toHaveText(/^12,90\s€$/);
  await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Voucherweg 3");
  await expect(page.getByLabel("PLZ")).toHaveValue("10115");
  await expect(page.getByLabel("Anmerkungen")).toHaveValue("Bitte klingeln");
  await expectAccessible(page);

  // Removed and redeemed again at the checkout: what was typed stays each time.
  await page.getByRole("button", { name: "Gutschein entfernen" }).click();
  await expect(page.getByText("Gutschein entfernt").first()).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(/^14,90\s€$/);
  await expect(page.getByLabel("Anmerkungen")).toHaveValue("Bitte klingeln");
  // Enter in the code's field (a phone keyboard's "Los") redeems the code; it does not order.
  await page.getByLabel("Gutscheincode").fill(code);
  await page.getByLabel("Gutscheincode").press("Enter");
  await expect(page.getByTestId("voucher-applied")).toContainText(code);
  await expect(page.getByTestId("checkout-total")).toHaveText(/^12,90\s€$/);
  await expect(page).toHaveURL(/\/checkout$/);

  // Enter in any other field never orders either (§ 312j BGB: only the button below the summary
  // does). The page says so and keeps everything; the button then orders, with the discount.
  await page.getByLabel(/^Ort\*?$/).press("Enter");
  await expect(page.getByText("Noch nicht bestellt")).toBeVisible();
  await expect(
    page.getByText("Deine Bestellung schickst du mit „Zahlungspflichtig bestellen“ am Ende der Seite ab."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("Anmerkungen")).toHaveValue("Bitte klingeln");
  await expect(page.getByTestId("checkout-total")).toHaveText(/^12,90\s€$/);
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-discount")).toContainText(/-2,00\s€/);
});
