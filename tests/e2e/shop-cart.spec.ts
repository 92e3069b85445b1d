import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { listCard } from "./support/catalog-list";
import { addListedProduct, productOfItsOwn } from "./support/shop";

// Seeded items: admin tests create and delete their own items meanwhile, so never "the first one".
const SEEDED = {
  "/products": "Dankbarkeitstagebuch",
  "/events": "Vision-Board-Abend",
  "/courses": "Achtsamkeit im Alltag",
} as const;

/** Opens a seeded item's detail page from its list page, as a visitor would. */
async function openSeeded(page: Page, list: keyof typeof SEEDED) {
  const title = SEEDED[list];
  const card = await listCard(page, list, title);
  await card.getByRole("link").first().click();
  await page.waitForURL(new RegExp(`${list}/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return title;
}

/** Adds the open detail page's item and waits for the cart's answer (toast). */
async function addFromDetail(page: Page) {
  // The heading's soft hyphens (long words on phones) are not part of the toast's text.
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.replaceAll("\u00AD", "").trim();
  await page.getByRole("button", { name: /in den Warenkorb legen/ }).click();
  await expect(page.getByText(`${title} wurde in den Warenkorb gelegt.`).first()).toBeVisible();
}

test.describe("cart", () => {
  test("adds from product, event and course pages, and the badge counts the items", async ({
    page,
    javaScriptEnabled,
  }) => {
    const product = await openSeeded(page, "/products");
    await page.getByLabel("Menge").fill("2");
    await addFromDetail(page);
    await expect(page.getByText("Zum Warenkorb hinzugefügt").first()).toBeVisible();
    await expect(page.getByText(`${product} wurde in den Warenkorb gelegt.`).first()).toBeVisible();
    if (javaScriptEnabled) {
      // With JavaScript the button confirms for 3 s, disabled, then reverts.
      await expect(page.getByRole("button", { name: "In Warenkorb hinzugefügt!" })).toBeDisabled();
      await expect(page.getByRole("button", { name: /in den Warenkorb legen/ })).toBeEnabled({ timeout: 5_000 });
    }
    await expect(page.getByRole("link", { name: "Warenkorb, 2 Artikel" }).first()).toBeVisible();

    const event = await openSeeded(page, "/events");
    await addFromDetail(page);
    await expect(page.getByText(`${event} wurde in den Warenkorb gelegt.`).first()).toBeVisible();
    const course = await openSeeded(page, "/courses");
    await addFromDetail(page);
    await expect(page.getByText(`${course} wurde in den Warenkorb gelegt.`).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Warenkorb, 4 Artikel" }).first()).toBeVisible();

    // The same product again: the quantity adds up, no second line.
    await openSeeded(page, "/products");
    await addFromDetail(page);
    await page.goto("/cart");
    const lines = page.getByRole("list", { name: "Artikel im Warenkorb" }).getByRole("listitem");
    await expect(lines).toHaveCount(3);
    await expect(page.getByLabel(`Menge für ${product}`)).toHaveValue("3");
    await expectAccessible(page);
  });

  test("changes quantities, removes lines and clears the cart with the spec's toasts", async ({ page }) => {
    const product = await openSeeded(page, "/products");
    await addFromDetail(page);
    const course = await openSeeded(page, "/courses");
    await addFromDetail(page);
    await page.goto("/cart");

    const totalBefore = await page.getByTestId("cart-total").textContent();
    await page.getByLabel(`Menge für ${product}`).fill("4");
    await page
      .getByRole("listitem")
      .filter({ hasText: product })
      .getByRole("button", { name: "Aktualisieren" })
      .click();
    await expect(page.getByText("Warenkorb aktualisiert").first()).toBeVisible();
    await expect(page.getByText(`Menge für ${product} wurde aktualisiert.`).first()).toBeVisible();
    await expect(page.getByTestId("cart-total")).not.toHaveText(totalBefore!);

    await page.getByRole("button", { name: `${course} entfernen` }).click();
    await expect(page.getByText("Aus Warenkorb entfernt").first()).toBeVisible();
    await expect(page.getByText(`${course} wurde aus dem Warenkorb entfernt.`).first()).toBeVisible();

    // Quantity 0 removes the line too.
    await page.getByLabel(`Menge für ${product}`).fill("0");
    await page
      .getByRole("listitem")
      .filter({ hasText: product })
      .getByRole("button", { name: "Aktualisieren" })
      .click();
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Veranstaltungen" })).toHaveAttribute(
      "href",
      "/events",
    );

    await openSeeded(page, "/events");
    await addFromDetail(page);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Warenkorb leeren" }).click();
    await expect(page.getByText("Warenkorb geleert").first()).toBeVisible();
    await expect(page.getByText("Alle Artikel wurden aus dem Warenkorb entfernt.").first()).toBeVisible();
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
  });

  test("limits are explicit: a quantity above 99 is refused in German", async ({ page }) => {
    const product = await openSeeded(page, "/products");
    await addFromDetail(page);
    await page.goto("/cart");
    // The browser already refuses 150 (max=99); a request that gets past it meets the server's rule.
    await expect(page.getByLabel(`Menge für ${product}`)).toHaveAttribute("max", "99");
    const lineId = await page.locator('input[name="lineId"]').first().inputValue();
    // maxRedirects 0: the browser, not this request, should be the one to show the toast.
    await page.request.post("/cart", { form: { intent: "update", lineId, quantity: "150" }, maxRedirects: 0 });
    await page.goto("/cart");
    // The message names the line whose quantity it refused.
    await expect(
      page.getByText(`Menge für „${product}“: Pro Artikel sind höchstens 99 Stück möglich.`).first(),
    ).toBeVisible();
    await expect(page.getByLabel(`Menge für ${product}`)).toHaveValue("1");
    // An empty field never leaves the browser.
    expect(await page.getByLabel(`Menge für ${product}`).evaluate((field: HTMLInputElement) => field.required)).toBe(
      true,
    );
  });

  test("a sold-out product has no add control, and a forged add is refused by the server", async ({ page }) => {
    await page.goto("/products");
    const soldOut = page.locator("main article").filter({ hasText: "Ausverkauft" }).first();
    await soldOut.getByRole("link").first().click();
    await expect(page.getByText("Derzeit nicht verfügbar")).toBeVisible();
    await expect(page.getByRole("button", { name: /in den Warenkorb legen/ })).toHaveCount(0);
    const itemId = page.url().split("/").pop()!;
    const response = await page.request.post("/cart", {
      form: { intent: "add", itemId, itemType: "product", quantity: "1", redirectTo: "/cart" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await page.goto("/cart");
    await expect(page.getByText("Ausverkauft", { exact: true })).toBeVisible();
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
  });

  test("a malformed cart request gets a German message, never a 500", async ({ page }) => {
    const bodies: Record<string, string>[] = [
      { intent: "add", itemId: "not-a-uuid", itemType: "product" },
      { intent: "add", itemId: "00000000-0000-4000-8000-000000000000", itemType: "membership", quantity: "1" },
      { intent: "explode" },
      { intent: "update", lineId: "x", quantity: "NaN" },
    ];
    for (const body of bodies) {
      const response = await page.request.post("/cart", { form: body, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
    await page.goto("/cart");
    await expect(page.getByText("Warenkorb nicht geändert").first()).toBeVisible();
  });
});

test("an item deleted from the catalogue leaves the cart with a notice", async ({ page, browser }) => {
  test.setTimeout(90_000);
  // An admin (in their own browser) creates a product; the visitor puts it into the cart.
  const product = await productOfItsOwn(browser);
  await addListedProduct(page, product.title);
  await product.remove();

  await page.goto("/cart");
  await expect(
    page.getByText("Ein Artikel ist nicht mehr im Angebot und wurde aus deinem Warenkorb entfernt."),
  ).toBeVisible();
  await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
});
