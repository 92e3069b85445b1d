import { readFile } from "node:fs/promises";
import { expect, expectAccessible, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";
import { orderEvent, otherBrowser } from "./members-support";
import { berlinDay } from "./support/dates";

const NEW_PASSWORD = "ganz-neues-Passwort-456";

async function signInWithForm(page: import("@playwright/test").Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

test.describe("password reset", () => {
  test("a one-time mailed link sets a new password and ends every session", async ({
    page,
    signIn,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.slow();
    const { email } = await signIn();
    // Another device stays signed in until the reset.
    const device = await otherBrowser(browser, { baseURL, javaScriptEnabled }, email);
    await page.context().clearCookies();

    await page.goto("/auth");
    await page.getByRole("link", { name: "Passwort vergessen?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot$/);
    await expectAccessible(page);
    // An unknown address gets exactly the same answer.
    for (const address of [uniqueEmail("nobody"), email]) {
      await page.getByLabel("E-Mail").fill(address);
      await page.getByRole("button", { name: "Link anfordern" }).click();
      await expect(
        page.getByText("Wenn es zu dieser E-Mail-Adresse ein Konto gibt, haben wir dir einen Link geschickt."),
      ).toBeVisible();
      // The form empties itself once the request went out; the next address is typed after that
      // (typed at once, with JavaScript the reset a moment later wiped it, and nothing was sent).
      await expect(page.getByLabel("E-Mail")).toHaveValue("");
    }

    await expect.poll(() => mailsTo(email).length).toBe(1);
    const mail = mailsTo(email)[0].text;
    expect(mail).toContain("60 Minuten");
    const link = /https?:\/\/[^\s"<>]+\/auth\/reset\?token=[A-Za-z0-9_-]+/.exec(mail)![0];

    await page.goto(link);
    await expectAccessible(page);
    await page.getByLabel(/^Neues Passwort\*?$/).fill(NEW_PASSWORD);
    await page.getByLabel("Neues Passwort wiederholen").fill("etwas-anderes-789");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();
    await page.getByLabel(/^Neues Passwort\*?$/).fill(NEW_PASSWORD);
    await page.getByLabel("Neues Passwort wiederholen").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Dein Passwort wurde geändert.")).toBeVisible();
    // The sign-in form offers the account's address.
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);

    // The other device is signed out; the link works once only.
    await device.page.goto("/dashboard");
    await expect(device.page).toHaveURL(/\/auth$/);
    await device.context.close();
    await page.goto(link);
    await expect(
      page.getByText("Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Passwort speichern" })).toHaveCount(0);

    await signInWithForm(page, email, PASSWORD);
    await expect(page.getByText("E-Mail oder Passwort ist falsch.")).toBeVisible();
    await signInWithForm(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a made-up token is refused", async ({ page }) => {
    await page.goto(`/auth/reset?token=${"x".repeat(43)}`);
    await expect(
      page.getByText("Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an."),
    ).toBeVisible();
    const response = await page.request.post(`/auth/reset?token=${"x".repeat(43)}`, {
      form: { token: "x".repeat(43), password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
    });
    expect(response.status()).toBe(400);
  });
});

test.describe("change of the sign-in address @phone", () => {
  test("the current address and a wrong password are refused; the mailed link makes the change", async ({
    page,
    signIn,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.slow();
    const { email } = await signIn();
    const newEmail = uniqueEmail("neue-adresse");
    await page.goto("/dashboard?tab=profile");
    await page.getByRole("link", { name: "E-Mail-Adresse ändern" }).click();
    await expect(page).toHaveURL(/\/account\/email$/);
    await expect(page.getByRole("heading", { level: 1, name: "E-Mail-Adresse ändern" })).toBeVisible();
    await expect(page.getByText(`Du meldest dich zurzeit mit ${email} an.`)).toBeVisible();
    await expectAccessible(page);
    const address = page.getByLabel("Neue E-Mail-Adresse");
    const current = page.getByLabel("Aktuelles Passwort");
    const send = page.getByRole("button", { name: "Bestätigungslink senden" });

    // The address it already is: said at the field, which takes focus.
    await address.fill(email.toUpperCase());
    await current.fill(PASSWORD);
    await send.click();
    await expect(address).toHaveAccessibleDescription("Das ist schon deine E-Mail-Adresse.");
    await expect(address).toBeFocused();

    // A wrong password: said at its field, the typed address kept, the password emptied.
    await address.fill(newEmail);
    await current.fill("falsch-falsch-falsch");
    await send.click();
    await expect(current).toHaveAccessibleDescription("Das aktuelle Passwort ist falsch.");
    await expect(current).toBeFocused();
    await expect(current).toHaveValue("");
    await expect(address).toHaveValue(newEmail);

    // The retry: the link goes to the new address; nothing changes yet.
    await current.fill(PASSWORD);
    await current.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await expect(page.getByText("Bitte bestätige deine neue E-Mail-Adresse.")).toBeVisible();
    // The account page says what waits, and until when.
    await page.goto("/account/email");
    await expect(page.getByRole("status").filter({ hasText: "Ein Bestätigungslink an" })).toContainText(
      new RegExp(
        `an ${newEmail.replace(/[.+]/g, "\\$&")} ist unterwegs \\(gültig bis \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2} Uhr\\)\\.`,
      ),
    );
    await expect.poll(() => mailsTo(newEmail).length, { timeout: 20_000 }).toBe(1);
    const mail = mailsTo(newEmail)[0].text;
    expect(mail).toContain("24 Stunden");
    const link = /https?:\/\/[^\s"<>]+\/account\/email\/bestaetigen\?token=[A-Za-z0-9_-]+/.exec(mail)![0];
    // The current address hears of it first, with the way back in if it was not the owner.
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
    const notice = mailsTo(email)[0].text;
    expect(notice).toContain(`eine neue E-Mail-Adresse angegeben: ${newEmail}`);
    expect(notice).toMatch(/https?:\/\/[^\s"<>]+\/auth\/forgot/);

    // Opened on another device, not signed in: the page asks, the button (by keyboard) changes it.
    const phone = await browser.newContext({ baseURL, javaScriptEnabled, locale: "de-DE" });
    const other = await phone.newPage();
    await other.goto(link);
    await expect(other.getByRole("heading", { level: 1, name: "Neue E-Mail-Adresse bestätigen" })).toBeVisible();
    await expectAccessible(other);
    const confirm = other.getByRole("button", { name: "Neue E-Mail-Adresse bestätigen" });
    for (let presses = 0; presses < 40 && !(await confirm.evaluate((b) => b === document.activeElement)); presses++) {
      await other.keyboard.press("Tab");
    }
    await other.keyboard.press("Enter");
    await expect(other).toHaveURL(/\/auth$/);
    await expect(other.getByText("Deine E-Mail-Adresse wurde geändert.")).toBeVisible();
    // The sign-in form offers the new address; the old one no longer signs in.
    await expect(other.getByLabel("E-Mail")).toHaveValue(newEmail);
    await signInWithForm(other, email, PASSWORD);
    await expect(other.getByText("E-Mail oder Passwort ist falsch.")).toBeVisible();
    await signInWithForm(other, newEmail, PASSWORD);
    await expect(other).toHaveURL(/\/dashboard$/);
    await phone.close();

    // This browser's session goes on, with the new address; the link works once only.
    await page.goto("/account/email");
    await expect(page.getByText(`Du meldest dich zurzeit mit ${newEmail} an.`)).toBeVisible();
    await expect(page.getByText("Ein Bestätigungslink an")).toHaveCount(0);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Link ungültig" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Neue E-Mail-Adresse bestätigen" })).toHaveCount(0);
  });
});

test.describe("signed-in account", () => {
  test("change the password (current one required); other sessions end", async ({
    page,
    signIn,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.slow();
    const { email } = await signIn();
    const device = await otherBrowser(browser, { baseURL, javaScriptEnabled }, email);
    await page.goto("/dashboard?tab=profile");
    await page.getByRole("link", { name: "Passwort ändern" }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expectAccessible(page);

    await page.getByLabel("Aktuelles Passwort").fill("falsch-falsch-falsch");
    await page.getByLabel(/^Neues Passwort\*?$/).fill(NEW_PASSWORD);
    await page.getByLabel("Neues Passwort wiederholen").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    // The refusal is said at the field it concerns (marked invalid, the message its description).
    await expect(page.getByLabel("Aktuelles Passwort")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Aktuelles Passwort")).toHaveAccessibleDescription(
      "Das aktuelle Passwort ist falsch.",
    );
    // Said once, at the field (not again as a notice above the form).
    await expect(page.getByText("Das aktuelle Passwort ist falsch.")).toHaveCount(1);

    await page.getByLabel("Aktuelles Passwort").fill(PASSWORD);
    await page.getByLabel(/^Neues Passwort\*?$/).fill(NEW_PASSWORD);
    await page.getByLabel("Neues Passwort wiederholen").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await expect(page.getByText("Dein Passwort wurde geändert.")).toBeVisible();
    // The owner is told by mail, with the way back in if it was not them.
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const notice = mailsTo(email)[0].text;
    expect(notice).toContain("das Passwort deines BeHappy-Kontos wurde gerade geändert");
    expect(notice).toMatch(/Warst du das nicht\?/);
    expect(notice).toMatch(/https?:\/\/[^\s"<>]+\/auth\/forgot/);

    await device.page.goto("/dashboard");
    await expect(device.page).toHaveURL(/\/auth$/);
    await device.context.close();

    // This browser is still signed in; 'Überall abmelden' ends it too.
    await page.goto("/account/password");
    await page.getByRole("button", { name: "Überall abmelden" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signInWithForm(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("download my data as a JSON file", async ({ page, signIn }) => {
    test.slow();
    const { email, userId } = await signIn();
    const { orderId, title } = await orderEvent(page, 1);
    await page.goto("/dashboard?tab=profile");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Meine Daten herunterladen" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^behappy-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(data.account).toMatchObject({ id: userId, email });
    expect(data.profile).toMatchObject({ first_name: "Erika", last_name: "Muster" });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ id: orderId, status: "pending" });
    expect(data.orders[0].items[0]).toMatchObject({ item_title: title, quantity: 1, participants: [] });
    expect(data.newsletter).toEqual([]);
    expect(data.contact_messages).toEqual([]);

    const response = await page.request.get("/account/export");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="behappy-meine-daten-/);
    expect(response.headers()["content-type"]).toContain("application/json");
  });

  test("a running membership is named before the account is deleted, with the way to cancel it alone", async ({
    page,
  }) => {
    const until = new Date(Date.now() + 90 * 86_400_000);
    until.setUTCHours(12, 0, 0, 0);
    const session = await page.request.post("/__e2e/session", {
      data: {
        email: uniqueEmail("loeschen"),
        password: PASSWORD,
        plan: "yearly",
        membershipUntil: until.toISOString(),
      },
    });
    expect(session.ok()).toBeTruthy();
    await page.goto("/account/delete");
    const day = berlinDay(until);
    const note = page.getByTestId("running-membership");
    await expect(note).toContainText(`Deine Yearly-Mitgliedschaft (gültig bis ${day}) endet damit sofort.`);
    await expect(note.getByRole("link", { name: "Verträge hier kündigen" })).toHaveAttribute(
      "href",
      "/vertrag-kuendigen",
    );
    await expectAccessible(page);
  });

  test("delete my account after confirming; orders are kept without the login", async ({ page, signIn }) => {
    test.slow();
    const { email } = await signIn();
    await orderEvent(page, 1);
    await page.goto("/dashboard?tab=profile");
    await page.getByRole("link", { name: "Konto löschen" }).click();
    await expect(page).toHaveURL(/\/account\/delete$/);
    await expect(page.getByText("§ 147 AO, § 257 HGB").first()).toBeVisible();
    await expectAccessible(page);
    // No plan running: nothing to warn about.
    await expect(page.getByTestId("running-membership")).toHaveCount(0);

    await page.getByLabel("Passwort zur Bestätigung").fill(PASSWORD);
    await page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(page.getByText("Bitte bestätige, dass du dein Konto endgültig löschen möchtest.")).toBeVisible();

    await page.getByLabel("Passwort zur Bestätigung").fill("falsch-falsch-falsch");
    await page.getByLabel(/Ja, ich möchte mein Konto endgültig löschen/).check();
    await page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    // Said once, at the field (its description), not again in a notice above the form.
    await expect(page.getByLabel("Passwort zur Bestätigung")).toHaveAccessibleDescription(
      "Das aktuelle Passwort ist falsch.",
    );
    await expect(page.getByText("Das aktuelle Passwort ist falsch.")).toHaveCount(1);

    await page.getByLabel("Passwort zur Bestätigung").fill(PASSWORD);
    await page.getByLabel(/Ja, ich möchte mein Konto endgültig löschen/).check();
    await page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Dein Konto wurde gelöscht.")).toBeVisible();
    await expect(page.getByText(/Bestellungen bewahren wir als Buchungsbelege auf/)).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth$/);
    await signInWithForm(page, email, PASSWORD);
    await expect(page.getByText("E-Mail oder Passwort ist falsch.")).toBeVisible();
  });
});
