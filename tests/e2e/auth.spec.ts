import type { Page } from "@playwright/test";
import { expect, expectAccessible, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";
import { openUserMenu } from "./support/shop";

/** The header's user menu shows the e-mail and signs out with a POST. */
async function signOutViaUserMenu(page: Page, email: string) {
  const menu = await openUserMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await menu.getByRole("button", { name: "Abmelden" }).click();
}

test.describe("sign up, sign in, sign out", () => {
  test("a visitor signs up, lands on the login with the spec's toast, signs in and out", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Jetzt registrieren" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign Up" })).toBeVisible();
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByLabel("Vorname").fill("Mia");
    await page.getByLabel("Nachname").fill("Sommer");
    await page.getByRole("button", { name: "Registrieren" }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Account created successfully. You can now log in.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();

    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    // /dashboard is the landing page after sign-in.
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/auth");
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/about");
    await signOutViaUserMenu(page, email);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.locator("header").getByRole("link", { name: "Anmelden" }).first()).toBeVisible();
  });

  test("a wrong password and an unknown e-mail get the same generic German message", async ({ page, signIn }) => {
    const { email } = await signIn();
    await page.context().clearCookies();
    for (const address of [email, uniqueEmail("nobody")]) {
      await page.goto("/auth");
      await page.getByLabel("E-Mail").fill(address);
      await page.getByLabel("Passwort").fill("falsches-passwort");
      await page.getByRole("button", { name: "Anmelden" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "E-Mail oder Passwort ist falsch." })).toBeVisible();
      // What was typed stays; the password is never sent back.
      await expect(page.getByLabel("E-Mail")).toHaveValue(address);
      await expect(page.getByLabel("Passwort")).toHaveValue("");
    }
  });

  test("bad sign-up input gets German messages next to the fields and keeps the values", async ({ page }) => {
    await page.goto("/auth?mode=signup");
    await page.getByLabel("E-Mail").fill("keine-mail");
    await page.getByLabel("Passwort").fill("kurz");
    await page.getByLabel("Vorname").fill("Mia");
    await page.getByRole("button", { name: "Registrieren" }).click();
    await expect(page.getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
    await expect(page.getByText("Das Passwort muss mindestens 8 Zeichen lang sein.")).toBeVisible();
    await expect(page.getByText("Bitte gib deinen Nachnamen ein.")).toBeVisible();
    await expect(page.getByLabel("Vorname")).toHaveValue("Mia");
    await expect(page.getByLabel("E-Mail")).toHaveValue("keine-mail");
  });

  test("an empty login names the spec's missing-field message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByText("You must provide either an email or phone number and a password")).toBeVisible();
  });

  test("signing up with a taken e-mail answers like a new sign-up and tells only the owner, by mail", async ({
    page,
    signIn,
  }) => {
    // No account oracle: the page must not reveal that the address has an account.
    const { email } = await signIn();
    await page.context().clearCookies();
    await page.goto("/auth?mode=signup");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill("ein-anderes-Passwort");
    await page.getByLabel("Vorname").fill("Mia");
    await page.getByLabel("Nachname").fill("Sommer");
    await page.getByRole("button", { name: "Registrieren" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Account created successfully. You can now log in.")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "bereits ein Konto" })).toHaveCount(0);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    const mail = mailsTo(email)[0]!;
    expect(mail.text).toContain("Für diese Adresse gibt es schon ein Konto");
    expect(mail.text).toMatch(/\/auth\/reset\?token=[A-Za-z0-9_-]+/);
    // The account is unchanged: the owner's password still works.
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("redirect=checkout shows the info notice and sign-in continues to checkout", async ({ page, signIn }) => {
    const { email } = await signIn();
    await page.context().clearCookies();
    await page.goto("/auth?redirect=checkout");
    await expect(
      page.getByText("Bitte melde dich an oder registriere dich, um den Bestellvorgang fortzusetzen"),
    ).toBeVisible();
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/(checkout|cart)$/);
  });

  test("sign-out is global: a second browser session of the same member ends too", async ({
    page,
    browser,
    signIn,
  }) => {
    const { email } = await signIn();
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto("/auth");
    await otherPage.getByLabel("E-Mail").fill(email);
    await otherPage.getByLabel("Passwort").fill(PASSWORD);
    await otherPage.getByRole("button", { name: "Anmelden" }).click();
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto("/about");
    await signOutViaUserMenu(page, email);
    await expect(page).toHaveURL(/\/auth$/);

    await otherPage.goto("/auth");
    await expect(otherPage.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await other.close();
  });

  test("sign-out by GET changes nothing", async ({ page, signIn }) => {
    const { email } = await signIn();
    await page.goto("/logout");
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(email).toContain("@");
  });
});
