import { randomUUID } from "node:crypto";
import { addToCart } from "./support/shop";
import { orderEvent } from "./members-support";
import { expect, test } from "./support/fixtures";

/**
 * Keyboard users keep their place after an action that stays on the page (WCAG 2.4.3): focus
 * stays on the control that was used, or, where the action took that control away, lands on the
 * heading of what is there now, never on <body> (the next Tab would start at the top of the page).
 * With JavaScript only: without it every action is a new page, which starts at its top.
 */

const BOOK = "/products/b0000000-0000-4000-8000-000000000001";
const BOOK_TITLE = "Dankbarkeitstagebuch";

/** What has focus: for a message that names it when an assertion fails. */
const focused = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName} ${active.textContent?.trim().slice(0, 40) ?? ""}` : "nothing";
  });

test("cart: Enter in a quantity field, then 'Aktualisieren', keeps focus where it was @phone", async ({ page }) => {
  await addToCart(page, BOOK);
  await page.goto("/cart");
  const quantity = page.getByLabel(`Menge für ${BOOK_TITLE}`);
  await quantity.focus();
  await quantity.fill("3");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Warenkorb, 3 Artikel" }).first()).toBeVisible();
  await expect(quantity, await focused(page)).toBeFocused();
  await expect(quantity).toHaveValue("3");

  // A quantity the server refuses (past the browser's own max=99, which a script took away): said
  // so, the field shows what the cart holds again, focus still in it.
  await quantity.evaluate((field) => field.removeAttribute("max"));
  await quantity.fill("150");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Pro Artikel sind höchstens 99 Stück möglich.").first()).toBeVisible();
  await expect(quantity).toHaveValue("3");
  await expect(quantity, await focused(page)).toBeFocused();

  // The button: pressed by keyboard, focus stays on it once the cart has answered.
  await quantity.fill("2");
  const update = page.getByRole("button", { name: "Aktualisieren" });
  await update.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Warenkorb, 2 Artikel" }).first()).toBeVisible();
  await expect(update, await focused(page)).toBeFocused();
});

test("profile: Bearbeiten, Speichern and Abbrechen each leave focus on the panel's heading @phone", async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto("/dashboard?tab=profile");
  const panel = page.getByRole("tabpanel");
  await panel.getByRole("link", { name: "Bearbeiten" }).focus();
  await page.keyboard.press("Enter");
  const editHeading = panel.getByRole("heading", { name: "Profil bearbeiten" });
  await expect(editHeading, await focused(page)).toBeFocused();
  // The next Tab goes into the form, not back to the top of the page.
  await page.keyboard.press("Tab");
  await expect(panel.getByLabel("Anrede")).toBeFocused();

  await panel.getByLabel(/^Ort\*?$/).fill("Potsdam");
  await panel.getByRole("button", { name: "Speichern" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  const viewHeading = panel.getByRole("heading", { name: "Profil", exact: true });
  await expect(viewHeading, await focused(page)).toBeFocused();
  await expect(panel).toContainText("Potsdam");

  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: "Bearbeiten" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editHeading).toBeFocused();
  await panel.getByRole("link", { name: "Abbrechen" }).focus();
  await page.keyboard.press("Enter");
  await expect(viewHeading, await focused(page)).toBeFocused();
});

test("admin vouchers: a new code and a deactivated one leave focus on the page's title", async ({ page, signIn }) => {
  await signIn({ admin: true });
  await page.goto("/admin/gutscheine");
  const code = `FOKUS${randomUUID().slice(0, 6).toUpperCase()}`;
  await page.getByLabel("Code").fill(code);
  const amount = page.getByLabel("Rabatt (Prozent oder Euro)");
  await amount.fill("10");
  await amount.press("Enter");
  await expect(page.getByText("Gutschein angelegt").first()).toBeVisible();
  const title = page.getByRole("heading", { level: 1, name: "Gutscheine" });
  await expect(title, await focused(page)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Code")).toBeFocused();
  await expect(page.getByLabel("Code")).toHaveValue("");

  await page.getByRole("button", { name: `${code} deaktivieren` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `${code} deaktivieren` })).toHaveCount(0);
  await expect(title, await focused(page)).toBeFocused();
});

/** The tag (and name) of what has focus; "BODY" when focus was lost. */
const focusedTag = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.activeElement?.tagName ?? "BODY");

test("the theme switch hands focus back to its menu button @phone", async ({ page }) => {
  await page.goto("/contact");
  const header = page.getByRole("banner");
  const menuButton = header.locator("summary:has(.when-closed)");
  if (test.info().project.name === "phone") {
    // The phone's menu panel lays the theme choices open.
    await menuButton.focus();
    await page.keyboard.press("Enter");
  } else {
    await header.locator('summary[aria-label^="Farbschema"]').focus();
    await page.keyboard.press("Enter");
  }
  await header.getByRole("button", { name: "Dunkel" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // On a desktop the theme's own button; on a phone the closed menu's button holds it.
  const expected =
    test.info().project.name === "phone" ? menuButton : header.locator('summary[aria-label="Farbschema: Dunkel"]');
  await expect(expected, await focused(page)).toBeFocused();
});

test("same-page answers that take the control away never leave focus on <body>", async ({ page, signIn }) => {
  // The contact form, sent: the form is emptied (its button still there, or not).
  await page.goto("/contact");
  const form = page.getByRole("main");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill("Mia Sommer");
  await form.getByRole("textbox", { name: "E-Mail", exact: true }).fill("mia@example.com");
  await form.getByRole("textbox", { name: "Nachricht", exact: true }).fill("Hallo, eine Frage zum Kurs.");
  await form.getByRole("button", { name: "Nachricht senden" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nachricht gesendet!").first()).toBeVisible();
  await expect.poll(() => focusedTag(page)).not.toBe("BODY");

  // An admin list's next page: its link is gone with the page it was on.
  await signIn({ admin: true });
  await page.goto("/admin/products");
  await page
    .getByRole("link", { name: /Weiter/ })
    .first()
    .focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => focusedTag(page)).not.toBe("BODY");
});

/** Presses `button` by keyboard: focus on it, then Enter. */
async function pressByKeyboard(button: import("@playwright/test").Locator) {
  await button.focus();
  await button.press("Enter");
}

test("an order's money and the admin's lists: each answer leaves focus at the heading of what changed @phone", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const owner = await signIn();
  const { orderId, title } = await orderEvent(page, 2);
  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  const paymentsHeading = page.getByRole("heading", { level: 3, name: "Zahlung", exact: true });

  // A part payment starts the payment form afresh: focus waits at "Zahlung".
  const amount = page.getByLabel("Eingegangener Betrag (€)");
  const half = (Number((await amount.inputValue()).replace(",", ".")) / 2).toFixed(2).replace(".", ",");
  await amount.fill(half);
  await pressByKeyboard(page.getByRole("button", { name: "Zahlung eingegangen" }).last());
  await expect(page.getByTestId("payment-balance")).toContainText("Unterzahlung");
  await expect(paymentsHeading, await focused(page)).toBeFocused();
  // The rest completes the order, so its status changes too: focus stays with the payment's section.
  await pressByKeyboard(page.getByRole("button", { name: "Zahlung eingegangen" }).last());
  await expect(page.getByTestId("order-detail-status")).toHaveText("Abgeschlossen");
  await expect(paymentsHeading, await focused(page)).toBeFocused();

  // A partial refund: its section's heading; the last seat takes the section away, so the invoices'.
  const refund = page.getByRole("region", { name: "Teilerstattung" });
  await refund.getByLabel(`Menge zurück: ${title}`).fill("1");
  await pressByKeyboard(refund.getByRole("button", { name: "Teilerstattung anlegen" }));
  await expect(refund).toContainText("1 von 2 erstattbar");
  await expect(refund.getByRole("heading", { name: "Teilerstattung" }), await focused(page)).toBeFocused();
  await refund.getByLabel(`Menge zurück: ${title}`).fill("1");
  await pressByKeyboard(refund.getByRole("button", { name: "Teilerstattung anlegen" }));
  await expect(refund).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Rechnungen" }), await focused(page)).toBeFocused();

  // The refunds list: a saved account replaces its form, a refund marked done leaves the list.
  await page.goto("/admin/erstattungen");
  const title1 = page.getByRole("heading", { level: 1, name: "Erstattungen" });
  const row = page
    .getByTestId("refund-row")
    .filter({ hasText: orderId.slice(0, 8) })
    .first();
  await row.getByLabel(/^Kontoinhaber für/).fill("Erika Muster");
  await row.getByLabel(/^IBAN für/).fill("DE89 3704 0044 0532 0130 00");
  await pressByKeyboard(row.getByRole("button", { name: "Speichern" }));
  await expect(page.getByText("Bankverbindung gespeichert").first()).toBeVisible();
  await expect(title1, await focused(page)).toBeFocused();
  const rows = page.getByTestId("refund-row").filter({ hasText: orderId.slice(0, 8) });
  await expect(rows).toHaveCount(2);
  await pressByKeyboard(rows.filter({ hasText: "DE89" }).getByRole("button", { name: "Erstattung ausgeführt" }));
  await expect(rows).toHaveCount(1);
  await expect(title1, await focused(page)).toBeFocused();

  // A cancellation matched by hand: its form is gone from the row.
  const sender = `focus-kuendigung-${Date.now()}-${test.info().project.name}@example.com`;
  // Sent by a visitor (signed in, it would be matched at once).
  await page.context().clearCookies();
  await page.goto("/vertrag-kuendigen");
  await page.getByLabel("ordentlich", { exact: true }).check();
  await page.getByLabel("Name").fill("Paula Probe");
  await page.getByLabel(/^E-Mail\*?$/).fill(sender);
  await page.getByRole("button", { name: "jetzt kündigen" }).click();
  await expect(page).toHaveURL(/\/vertrag-kuendigen\/eingang\//);
  await signIn({ admin: true });
  await page.goto("/admin/kuendigungen?q=" + encodeURIComponent(sender));
  const cancellation = page.getByTestId("cancellation-row").filter({ hasText: sender });
  await cancellation.getByLabel(/E-Mail des Kontos/).fill(owner.email);
  await pressByKeyboard(cancellation.getByRole("button", { name: "Zuordnen" }));
  // Another address than the declaration's: focus waits on the confirmation, then the row is matched.
  await expect(cancellation.getByRole("button", { name: "Trotzdem zuordnen" }), await focused(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cancellation).toContainText("zugeordnet");
  await expect(cancellation.getByRole("button", { name: "Zuordnen" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Kündigungen" }), await focused(page)).toBeFocused();
});
