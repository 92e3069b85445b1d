import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Opens a catalogue item's page and puts one into the cart with its own button. */
export async function addToCart(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole("region", { name: "In den Warenkorb" })
    .getByRole("button", { name: "In den Warenkorb" })
    .click();
  await expect(page.getByText(/wurde in den Warenkorb gelegt/).first()).toBeVisible();
}

/**
 * A product only this test uses, created by an admin in their own browser; `remove` deletes it
 * from the catalogue as the admin list's "Löschen" does.
 */
export async function productOfItsOwn(browser: Browser) {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const title = `Auslaufartikel ${Date.now().toString(36)}`;
  await admin.request.post("/__e2e/session", {
    data: { email: `admin-del-${Date.now()}@example.com`, password: "sicheres-Passwort-123", admin: true },
  });
  await admin.goto("/admin/products/new");
  await admin.getByLabel("Titel").fill(title);
  await admin.getByLabel("Kategorie").fill("Testkategorie");
  await admin.getByLabel("Bild-URL").fill("/images/catalog/sommerfest.svg");
  await admin.getByRole("button", { name: "Speichern" }).click();
  await expect(admin.getByText("Produkt erstellt")).toBeVisible();
  const remove = async () => {
    await admin.goto(`/admin/products?q=${encodeURIComponent(title)}`);
    await admin.getByRole("link", { name: `Löschen: ${title}` }).click();
    await admin.getByRole("dialog", { name: "Sind Sie sicher?" }).getByRole("button", { name: "Löschen" }).click();
    await expect(admin.getByText("Produkt gelöscht")).toBeVisible();
    await adminContext.close();
  };
  return { title, remove };
}

/** Puts an item into the cart from its card on /products, as a visitor finds it. */
export async function addListedProduct(page: Page, title: string) {
  await page.goto("/products");
  await page.locator("main article").filter({ hasText: title }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: /in den Warenkorb legen/ }).click();
  await expect(page.getByText(`${title} wurde in den Warenkorb gelegt.`).first()).toBeVisible();
}

/** The header's user menu, opened (desktop header; the phone's slide-in menu is its own test). */
export async function openUserMenu(page: Page) {
  const menu = page
    .getByRole("banner")
    .locator("details")
    .filter({ has: page.locator('summary[aria-label="Benutzermenü"]') })
    .first();
  await menu.locator("summary").click();
  return menu;
}
