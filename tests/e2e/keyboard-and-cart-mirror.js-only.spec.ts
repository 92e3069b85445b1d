import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const PRODUCT = "Dankbarkeitstagebuch";

async function openProduct(page: Page) {
  await page.goto("/products");
  await page.locator("main article").filter({ hasText: PRODUCT }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
}

/** The stored mirror, parsed (null when absent). */
const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "null") as Record<string, unknown>[] | null);

test.describe("cart mirror in localStorage", () => {
  test("every change is written in the spec's shape, and a lost cookie cart comes back", async ({ page, context }) => {
    await openProduct(page);
    await page.getByLabel("Menge").fill("2");
    await page.getByRole("button", { name: `${PRODUCT} in den Warenkorb legen` }).click();
    await expect(page.getByRole("link", { name: "Warenkorb, 2 Artikel" }).first()).toBeVisible();
    await expect
      .poll(() => stored(page))
      .toEqual([
        expect.objectContaining({
          itemId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          itemType: "product",
          title: PRODUCT,
          price: expect.any(Number),
          quantity: 2,
          image_url: expect.any(String),
          id: expect.any(String),
        }),
      ]);

    // The cookie is lost (another browser session, cleared cookies): the stored copy restores it.
    await context.clearCookies();
    await page.reload();
    await expect(page.getByRole("link", { name: "Warenkorb, 2 Artikel" }).first()).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByLabel(`Menge für ${PRODUCT}`)).toHaveValue("2");

    // Emptying the cart empties the copy too, so nothing comes back afterwards.
    await page.getByRole("button", { name: "Warenkorb leeren" }).click();
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
    await expect.poll(() => stored(page)).toEqual([]);
  });

  test("a cart emptied where the scripts did not run is not brought back by the stale copy", async ({ page }) => {
    await openProduct(page);
    await page.getByRole("button", { name: `${PRODUCT} in den Warenkorb legen` }).click();
    await expect.poll(() => stored(page).then((items) => items?.length ?? 0)).toBe(1);
    // Emptied by a plain form POST (an order placed, or "Warenkorb leeren", before the page's
    // scripts ran): the cookie now holds an empty cart, the browser's copy still has the line.
    const emptied = await page.request.post("/cart", {
      form: { intent: "clear", redirectTo: "/cart" },
      maxRedirects: 0,
    });
    expect(emptied.status()).toBe(302);
    await page.goto("/cart");
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
    await expect.poll(() => stored(page)).toEqual([]);
    await expect(page.getByRole("link", { name: /^Warenkorb, \d+ Artikel/ })).toHaveCount(0);
  });

  test("corrupt or forged stored data is ignored: empty cart, a console message, no error", async ({
    page,
    context,
  }) => {
    const messages: string[] = [];
    const errors: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/cart");
    await page.evaluate(() => window.localStorage.setItem("cart", "{kaputt"));
    await page.reload();
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
    await expect.poll(() => messages.some((m) => m.includes("beschädigt"))).toBe(true);

    // Well-formed but unknown items and impossible quantities: the server refuses them.
    await page.evaluate(() =>
      window.localStorage.setItem(
        "cart",
        JSON.stringify([
          { id: "x1", itemId: "00000000-0000-4000-8000-000000000000", itemType: "product", quantity: 1 },
          { id: "x2", itemId: "b0000000-0000-4000-8000-000000000001", itemType: "product", quantity: 500 },
        ]),
      ),
    );
    await context.clearCookies();
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Warenkorb", exact: true }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("keyboard focus", () => {
  test("Enter on 'In den Warenkorb' keeps focus on the button and announces the result", async ({ page }) => {
    await openProduct(page);
    const button = page.getByRole("button", { name: `${PRODUCT} in den Warenkorb legen` });
    await button.focus();
    await page.keyboard.press("Enter");
    const confirming = page.getByRole("button", { name: "In Warenkorb hinzugefügt!" });
    await expect(confirming).toBeDisabled();
    await expect(confirming).toBeFocused();
    await expect(
      page.locator("main [role=status]").filter({ hasText: `${PRODUCT} wurde in den Warenkorb gelegt.` }),
    ).toHaveCount(1);
    // A second Enter while confirming adds nothing.
    await page.keyboard.press("Enter");
    await expect(button).toBeEnabled({ timeout: 5_000 });
    await expect(button).toBeFocused();
    await expect(page.getByRole("link", { name: "Warenkorb, 1 Artikel" }).first()).toBeVisible();
  });

  test("after 'Entfernen' in the cart focus moves to the next line, then to the heading", async ({ page }) => {
    for (const [list, type] of [
      ["/products", "product"],
      ["/courses", "course"],
    ] as const) {
      await page.goto(list);
      const href = await page.locator(`main a[href^="${list}/"]`).first().getAttribute("href");
      await page.request.post("/cart", { form: { intent: "add", itemId: href!.split("/").pop()!, itemType: type } });
    }
    await page.goto("/cart");
    const removeButtons = page.getByRole("button", { name: / entfernen$/ });
    await expect(removeButtons).toHaveCount(2);
    await removeButtons.first().focus();
    await page.keyboard.press("Enter");
    await expect(removeButtons).toHaveCount(1);
    await expect(removeButtons.first()).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: "wurde aus dem Warenkorb entfernt." }).first(),
    ).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Dein Warenkorb ist leer.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Warenkorb" })).toBeFocused();
  });

  test("closing an admin dialog returns focus to the control that opened it", async ({ page, signIn }) => {
    const { email } = await signIn({ admin: true });
    await page.goto(`/admin/profiles?q=${encodeURIComponent(email)}`);
    await expect(page.locator("[data-admin-hydrated=true]")).toHaveCount(1, { timeout: 20_000 });
    const opener = page.getByRole("link", { name: `View Details: ${email}` });
    await opener.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();

    // The same through the dialog's own close control.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "Schließen" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test("a menu opened before the scripts start stays open once React takes over", async ({ page }) => {
  // Hold the client entry back, so the page is on screen without React for as long as the test likes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  // The frame's own goto: the fixture's page.goto would wait for React, which is held here.
  await page.mainFrame().goto("/about");
  const menu = page.getByRole("banner").locator("details[data-menu]").filter({ hasText: "Über uns" }).first();
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  await expect(menu).toHaveAttribute("open", "");
});

test("the phone's menu by keyboard: its laid-open menus are in the focus trap, Escape closes it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about");
  const button = page.locator("details[data-mobile-menu] > summary");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("details[data-mobile-menu]")).toHaveAttribute("open", "");
  // The first link of the first menu, although its <details> is closed: it is laid open.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Angebote", exact: true })).toBeFocused();
  // Backwards from the first link to the menu button, and on round to the drawer's last control.
  await page.keyboard.press("Shift+Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "System" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator("details[data-mobile-menu]")).not.toHaveAttribute("open", "");
  await expect(button).toBeFocused();
  // Closed, the drawer is skipped: the next stop is the cart.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Warenkorb" })).toBeFocused();
});
