import type { Browser, Page } from "@playwright/test";
import { expect, PASSWORD, test } from "./support/fixtures";

/**
 * Ten wrong passwords for an address lock it for 15 minutes (this limit does not scale with
 * RATE_LIMIT_MULTIPLIER), but not for a browser that has signed in to the account before: it
 * carries the known-device cookie and its attempts count apart. Each test has its own account, so
 * the lockout touches no other test.
 */

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

/** Another browser, set up like the project's (JavaScript on or off). */
async function otherBrowser(browser: Browser) {
  const { baseURL, javaScriptEnabled, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
  return context.newPage();
}

test("the owner signs in from a browser that knows the account while a stranger has locked it", async ({
  page,
  browser,
  playwright,
  signIn,
}) => {
  const { email } = await signIn();
  // The owner signed in with this browser before (the form sets the cookie), then signed out.
  await page.context().clearCookies();
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().clearCookies({ name: /session$/ });
  expect((await page.context().cookies()).map((c) => c.name)).toContain("known_device");

  // A stranger guesses ten times, without any cookie.
  const { baseURL, ignoreHTTPSErrors } = test.info().project.use;
  const stranger = await playwright.request.newContext({ baseURL, ignoreHTTPSErrors });
  for (let n = 1; n <= 10; n++) {
    const guess = await stranger.post("/auth", {
      form: { intent: "signin", email, password: `falsch-${n}` },
      maxRedirects: 0,
    });
    expect(guess.status(), `guess ${n}`).toBe(400);
  }
  await stranger.dispose();

  // A browser the account does not know is refused even with the right password, and told the way out.
  const fresh = await otherBrowser(browser);
  await signInWithForm(fresh, email, PASSWORD);
  const notice = fresh.getByRole("alert").filter({ hasText: "Zu viele Versuche" });
  // The lock ends with its fixed 15-minute window (rate_limit_hit): in its last minute "1 Minute".
  await expect(notice).toContainText(/Bitte warte (1 Minute|\d+ Minuten) und/);
  await expect(notice).toContainText("Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen.");
  await notice.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(fresh).toHaveURL(/\/auth\/forgot$/);
  await expect(fresh.getByRole("heading", { level: 1, name: "Passwort vergessen?" })).toBeVisible();
  await fresh.context().close();

  // The owner's browser gets in at once.
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});
