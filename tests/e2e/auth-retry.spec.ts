import type { Locator, Page, Request } from "@playwright/test";
import { expect, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";

/**
 * Issue 14: after a failed attempt, a form with a password must take the retry. Typing asks the
 * server nothing (once, every keystroke posted a validation whose answer emptied the password),
 * what is typed stays, and the next submit succeeds. Each form: fail once, then succeed.
 */

const NEW_PASSWORD = "ganz-neues-Passwort-456";

/** Types like a person (one input event per character) and returns the POSTs sent meanwhile. */
async function typeCountingPosts(page: Page, field: Locator, text: string) {
  const posts: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === "POST") posts.push(request.url());
  };
  page.on("request", onRequest);
  await field.pressSequentially(text, { delay: 15 });
  // A request a keystroke started would have left by now.
  await page.waitForTimeout(300);
  page.off("request", onRequest);
  await expect(field).toHaveValue(text);
  return posts;
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

test.describe("a retry after a failed attempt works @phone", () => {
  test("sign-in: a wrong password, then the right one", async ({ page, signIn }) => {
    const { email } = await signIn();
    await page.context().clearCookies();

    await signInWithForm(page, email, "falsches-passwort");
    await expect(page.getByRole("alert").filter({ hasText: "E-Mail oder Passwort ist falsch." })).toBeVisible();
    // The address stays one to bookmark or share (no React Router "?index").
    await expect(page).toHaveURL(/\/auth$/);
    const password = page.getByLabel("Passwort");
    await expect(password).toHaveValue("");
    // With JavaScript the answer replaces the page's form in place, without it the answer is a new
    // page with its autofocus: either way focus waits in the emptied field.
    await expect(password).toBeFocused();
    // And it is described by the reason, so a screen reader says it where focus is.
    await expect(password).toHaveAccessibleDescription(/E-Mail oder Passwort ist falsch\./);

    expect(await typeCountingPosts(page, password, PASSWORD)).toEqual([]);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("sign-up: a password the service refuses, then a good one", async ({ page }) => {
    const email = uniqueEmail("retry-signup");
    await page.goto("/auth?mode=signup");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill("kurz");
    await page.getByLabel("Vorname").fill("Mia");
    await page.getByLabel("Nachname").fill("Sommer");
    await page.getByRole("button", { name: "Registrieren" }).click();
    await expect(page.getByText("Das Passwort muss mindestens 8 Zeichen lang sein.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    const password = page.getByLabel("Passwort");
    await expect(password).toHaveValue("");
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);

    expect(await typeCountingPosts(page, password, PASSWORD)).toEqual([]);
    await page.getByRole("button", { name: "Registrieren" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Account created successfully. You can now log in.")).toBeVisible();

    await signInWithForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("password reset: a confirmation that does not match, then a matching one", async ({ page, signIn }) => {
    test.slow();
    const { email } = await signIn();
    await page.context().clearCookies();
    await page.goto("/auth/forgot");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByRole("button", { name: "Link anfordern" }).click();
    await expect(
      page.getByText("Wenn es zu dieser E-Mail-Adresse ein Konto gibt, haben wir dir einen Link geschickt."),
    ).toBeVisible();
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const link = /https?:\/\/[^\s"<>]+\/auth\/reset\?token=[A-Za-z0-9_-]+/.exec(mailsTo(email)[0].text)![0];

    await page.goto(link);
    const password = page.getByLabel(/^Neues Passwort\*?$/);
    const confirmation = page.getByLabel("Neues Passwort wiederholen");
    await password.fill(NEW_PASSWORD);
    await confirmation.fill("etwas-anderes-789");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();

    await password.fill("");
    expect(await typeCountingPosts(page, password, NEW_PASSWORD)).toEqual([]);
    await confirmation.fill("");
    expect(await typeCountingPosts(page, confirmation, NEW_PASSWORD)).toEqual([]);
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Dein Passwort wurde geändert.")).toBeVisible();

    await signInWithForm(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("password change: a wrong current password, then the right one", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/account/password");
    const current = page.getByLabel("Aktuelles Passwort");
    const password = page.getByLabel(/^Neues Passwort\*?$/);
    const confirmation = page.getByLabel("Neues Passwort wiederholen");
    await current.fill("falsch-falsch-falsch");
    await password.fill(NEW_PASSWORD);
    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    // The refusal is said at the field it concerns (marked invalid, the message its description).
    await expect(page.getByLabel("Aktuelles Passwort")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Aktuelles Passwort")).toHaveAccessibleDescription(
      "Das aktuelle Passwort ist falsch.",
    );
    // Passwords never come back from the server, with JavaScript as without.
    for (const field of [current, password, confirmation]) await expect(field).toHaveValue("");

    expect(await typeCountingPosts(page, current, PASSWORD)).toEqual([]);
    expect(await typeCountingPosts(page, password, NEW_PASSWORD)).toEqual([]);
    expect(await typeCountingPosts(page, confirmation, NEW_PASSWORD)).toEqual([]);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await expect(page.getByText("Dein Passwort wurde geändert.")).toBeVisible();
  });

  test("account deletion: a wrong password, then the right one", async ({ page, signIn }) => {
    const { email } = await signIn();
    await page.goto("/account/delete");
    const password = page.getByLabel("Passwort zur Bestätigung");
    await password.fill("falsch-falsch-falsch");
    await page.getByLabel("Ja, ich möchte mein Konto endgültig löschen.").check();
    await page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    // Said once, at the field (its description), not again in a notice above the form.
    await expect(page.getByLabel("Passwort zur Bestätigung")).toHaveAccessibleDescription(
      "Das aktuelle Passwort ist falsch.",
    );
    await expect(page.getByText("Das aktuelle Passwort ist falsch.")).toHaveCount(1);
    await expect(password).toHaveValue("");

    expect(await typeCountingPosts(page, password, PASSWORD)).toEqual([]);
    await page.getByLabel("Ja, ich möchte mein Konto endgültig löschen.").check();
    await page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Dein Konto wurde gelöscht.")).toBeVisible();

    await signInWithForm(page, email, PASSWORD);
    await expect(page.getByText("E-Mail oder Passwort ist falsch.")).toBeVisible();
  });
});
