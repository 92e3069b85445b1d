import { randomUUID } from "node:crypto";
import { addToCart } from "./support/shop";
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
