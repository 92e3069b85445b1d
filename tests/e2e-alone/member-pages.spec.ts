import type { Page } from "@playwright/test";
import { expect, PASSWORD, test, uniqueEmail } from "../e2e/support/fixtures";

/**
 * A member's catalogue page from the page cache (decision 0023): rendered once for every member who
 * sees the shop the same way, with each member's own address put in. In a real browser it shows the
 * member's address and prices, hydrates with the hashes of its own inline scripts in the CSP instead
 * of a nonce (the fixture fails on any CSP violation), and works without JavaScript.
 */
const PATH = "/products/b0000000-0000-4000-8000-000000000001";

async function signIn(page: Page, email: string, plan?: string) {
  const response = await page.request.post("/__e2e/session", { data: { email, password: PASSWORD, plan } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

test("a member gets the shared page of their view, with their own address @phone", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // Another member of the same view renders the page first, in a browser of their own.
  const first = await browser.newContext({ javaScriptEnabled });
  const firstPage = await first.newPage();
  const firstEmail = uniqueEmail("lifetime-a");
  await signIn(firstPage, firstEmail, "lifetime");
  await firstPage.goto(PATH);
  await first.close();

  const email = uniqueEmail("lifetime-b");
  await signIn(page, email, "lifetime");
  // The first member's render answers this one (the alone suite: no catalogue write in between).
  const response = await page.goto(PATH);
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  // The member's own copy: the hashes of its inline scripts, no nonce (hydration below proves them).
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(response?.headers()["content-security-policy"]).not.toContain("nonce");

  await expect(page.getByTestId("header-plan").first()).toHaveText("Lifetime-Mitglied");
  await expect(page.locator('dl[data-member-prices="true"]').first()).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(firstEmail);
  expect(html).not.toContain("@beispiel.invalid");

  // The user menu names this member, opened by keyboard.
  const menu = page.getByLabel("Benutzermenü").first();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(email).first()).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // React took the page over: a link is followed on the client.
    await page.keyboard.press("Escape");
    await page.locator('footer a[href="/impressum"]').click();
    await expect(page).toHaveURL(/\/impressum$/);
    await expect(page.getByLabel("Benutzermenü").first()).toBeVisible();
  }
});
