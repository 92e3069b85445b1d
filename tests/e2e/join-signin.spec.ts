import type { Page } from "@playwright/test";
import { expect, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";
import { openUserMenu } from "./support/shop";
import { orderEvent } from "./members-support";

// Seed (supabase/seed.sql): the Yearly plan.
const YEARLY_PLAN_ID = "a0000000-0000-4000-8000-000000000002";
const CHECKOUT_NOTICE = "Bitte melde dich an oder registriere dich, um den Bestellvorgang fortzusetzen";

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function signInWithForm(page: Page, email: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

test.describe("joining", () => {
  test("Beitreten carries name and e-mail into sign-up, then on to sign-in and the checkout", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("join");
    await page.goto("/join");
    const button = page.getByRole("button", { name: "Get Yearly" });
    if (await button.isVisible({ timeout: 5_000 }).catch(() => false)) {
      await button.click();
      await expect(page.getByRole("article", { name: "Yearly" })).toContainText("Ausgewählt");
    } else {
      // Without JavaScript the streamed plan list can stay a placeholder: send what 'Get Yearly' sends.
      await page.request.post("/cart", { form: { intent: "plan", planId: YEARLY_PLAN_ID, redirectTo: "/join" } });
      await page.goto("/join");
    }
    await page.getByLabel("Vorname").fill("Lina");
    await page.getByLabel("Nachname").fill("Sonnenschein");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByRole("button", { name: "Beitreten" }).click();

    // Sign-up, with a neutral notice (no red error) and what was just typed.
    await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.search === "?mode=signup&redirect=checkout");
    await expect(page.getByRole("status").filter({ hasText: CHECKOUT_NOTICE })).toBeVisible();
    // (The toaster's live regions are always there, empty.)
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
    await expect(page.getByText("Bitte melde dich an, um fortzufahren.")).toHaveCount(0);
    await expect(page.getByLabel("Vorname")).toHaveValue("Lina");
    await expect(page.getByLabel("Nachname")).toHaveValue("Sonnenschein");
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByRole("button", { name: "Registrieren" }).click();

    // Sign-in offers the address just registered; then the checkout, with the names from /join.
    await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.search === "?redirect=checkout");
    await expect(page.getByText("Account created successfully. You can now log in.")).toBeVisible();
    // The spec's English toast is said as English (WCAG 3.1.2).
    await expect(page.locator("[lang=en]", { hasText: "Account created successfully." })).toHaveCount(1);
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("Vorname")).toHaveValue("Lina");
    await expect(page.getByLabel("Nachname")).toHaveValue("Sonnenschein");
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);
  });

  test("names typed on /join reach only the checkout of the address typed with them", async ({ page, signIn }) => {
    await page.request.post("/cart", { form: { intent: "plan", planId: YEARLY_PLAN_ID, redirectTo: "/join" } });
    await page.goto("/join");
    await page.getByLabel("Vorname").fill("Anna");
    await page.getByLabel("Nachname").fill("Privat");
    await page.getByLabel("E-Mail").fill(uniqueEmail("anna"));
    await page.getByRole("button", { name: "Beitreten" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
    // Someone else signs in on the same browser within the hour: their own names, not Anna's.
    const { email } = await signIn();
    await page.goto("/checkout");
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);
    await expect(page.getByLabel("Vorname")).toHaveValue("Erika");
    await expect(page.getByLabel("Nachname")).toHaveValue("Muster");
  });

  test("a member's names typed on /join leave with them when they sign out", async ({ page, signIn }) => {
    await signIn();
    await page.request.post("/cart", { form: { intent: "plan", planId: YEARLY_PLAN_ID, redirectTo: "/join" } });
    await page.goto("/join");
    await page.getByLabel("Vorname").fill("Berta");
    await page.getByLabel("Nachname").fill("Beispiel");
    await page.getByLabel("E-Mail").fill(uniqueEmail("berta"));
    await page.getByRole("button", { name: "Beitreten" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("Vorname")).toHaveValue("Berta");
    // Signing out from the user menu, as the member would.
    const menu = await openUserMenu(page);
    await menu.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    // The next person on this browser signs up with an empty form.
    await page.goto("/auth?mode=signup");
    await expect(page.getByLabel("Vorname")).toHaveValue("");
    await expect(page.getByLabel("Nachname")).toHaveValue("");
  });

  test("choosing a plan does not jump to the top of the page @phone", async ({ page, javaScriptEnabled }) => {
    await page.goto("/join");
    const button = page.getByRole("button", { name: "Get Yearly" });
    if (!javaScriptEnabled) {
      // Without JavaScript the answer is a redirect to the form's anchor, so the browser lands there.
      const response = await page.request.post("/cart", {
        form: { intent: "plan", planId: YEARLY_PLAN_ID, redirectTo: "/join#angaben" },
        maxRedirects: 0,
      });
      expect(response.headers().location).toBe("/join#angaben");
      if (await button.isVisible({ timeout: 5_000 }).catch(() => false)) {
        await page.getByRole("button", { name: "Get Lifetime" }).click();
        await expect(page).toHaveURL(/\/join#angaben$/);
        await expect(page.getByRole("heading", { name: "Deine Angaben" })).toBeInViewport();
      }
      return;
    }
    await button.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await button.click();
    await expect(page.getByRole("article", { name: "Yearly" })).toContainText("Ausgewählt");
    await expect(page).toHaveURL(/\/join$/);
    // Still where the member was (not at the top).
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50);
    await expect(page.getByRole("article", { name: "Yearly" }).getByRole("button")).toBeInViewport();
  });
});

test.describe("coming back after sign-in", () => {
  test("the order link from the mail, opened signed out, leads to sign-in and back to the order", async ({
    page,
    signIn,
  }) => {
    test.slow();
    const { email } = await signIn();
    const { orderId } = await orderEvent(page, 1);
    await expect.poll(() => mailsTo(email).some((m) => m.text.includes(`/order-confirmation/${orderId}`))).toBe(true);
    await page.context().clearCookies();

    await page.goto(`/order-confirmation/${orderId}`);
    expect(pathOf(page)).toBe(`/auth?redirectTo=${encodeURIComponent(`/order-confirmation/${orderId}`)}`);
    await expect(page.getByText("Die Bestellung wurde nicht gefunden.")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Bitte melde dich an, um fortzufahren." })).toBeVisible();
    await signInWithForm(page, email);
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`));
    await expect(page.getByRole("heading", { name: "Vielen Dank für deine Bestellung!" })).toBeVisible();
  });

  test("an admin who opens /admin signed out comes back to it; the user menu links to the admin area", async ({
    page,
    signIn,
  }) => {
    const { email } = await signIn({ admin: true });
    await page.context().clearCookies();
    await page.goto("/admin/orders?q=x");
    await signInWithForm(page, email);
    await expect(page).toHaveURL(/\/admin\/orders\?q=x$/);

    const menu = page
      .getByRole("banner")
      .locator("details")
      .filter({ has: page.locator('summary[aria-label="Benutzermenü"]') })
      .first();
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Admin-Bereich" })).toHaveAttribute("href", "/admin");
  });

  test("a member's user menu has no admin link; a foreign redirect target falls back to the dashboard", async ({
    page,
    signIn,
  }) => {
    const { email } = await signIn();
    await page.goto("/about");
    const menu = page
      .getByRole("banner")
      .locator("details")
      .filter({ has: page.locator('summary[aria-label="Benutzermenü"]') })
      .first();
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Admin-Bereich" })).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto("/auth?redirectTo=//evil.example/");
    await signInWithForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
