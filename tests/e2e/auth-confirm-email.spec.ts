import { expect, expectAccessible, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";

const NOTICE = "Bitte bestätige deine E-Mail-Adresse";

/** The newest confirmation link mailed to `email`, once `count` such mails have arrived. */
async function confirmationLink(email: string, count: number) {
  let links: string[] = [];
  await expect
    .poll(() => {
      links = mailsTo(email)
        .map((m) => /https?:\/\/\S+?\/auth\/confirm\?token=[A-Za-z0-9_-]+/.exec(m.text)?.[0])
        .filter((link): link is string => Boolean(link));
      return links.length;
    })
    .toBe(count);
  return new URL(links[count - 1]!).pathname + new URL(links[count - 1]!).search;
}

test.describe("verified e-mail", () => {
  test("sign up, see the notice, resend the link, confirm, and the notice is gone", async ({ page }) => {
    const email = uniqueEmail("confirm");
    await page.goto("/auth?mode=signup");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByLabel("Vorname").fill("Mia");
    await page.getByLabel("Nachname").fill("Sommer");
    await page.getByRole("button", { name: "Registrieren" }).click();
    // The spec's flow stays: back on the login with the toast, and signing in works at once.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Account created successfully. You can now log in.")).toBeVisible();
    const firstLink = await confirmationLink(email, 1);

    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Passwort").fill(PASSWORD);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const notice = page.getByTestId("email-confirmation-notice");
    await expect(notice.getByText(NOTICE)).toBeVisible();
    await expect(notice).toContainText(email);
    await expectAccessible(page);

    await notice.getByRole("button", { name: "Link erneut senden" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Neuer Link unterwegs")).toBeVisible();
    const link = await confirmationLink(email, 2);

    // Only the newest link works; opening a link (GET) changes nothing.
    await page.goto(firstLink);
    await expect(page.getByRole("heading", { name: "Link ungültig" })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "E-Mail-Adresse bestätigen" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/dashboard");
    await expect(page.getByText(NOTICE)).toBeVisible();

    await page.goto(link);
    await page.getByRole("button", { name: "E-Mail-Adresse bestätigen" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("E-Mail-Adresse bestätigt", { exact: true })).toBeVisible();
    await expect(page.getByText(NOTICE)).toHaveCount(0);

    // Single use.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Link ungültig" })).toBeVisible();
  });

  test("before confirming, the export leaves out data matched only by the address", async ({ page }) => {
    const email = uniqueEmail("squat");
    // Someone's contact message under this address exists before the account does.
    await page.goto("/contact");
    const form = page.locator("main form");
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Echte Person");
    await form.getByRole("textbox", { name: "E-Mail", exact: true }).fill(email);
    await form.getByRole("textbox", { name: "Nachricht", exact: true }).fill("Eine Nachricht, die nur mir gehört.");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByText("Nachricht gesendet!")).toBeVisible();

    const response = await page.request.post("/__e2e/session", {
      data: { email, password: PASSWORD, emailConfirmed: false, firstName: "Eve", lastName: "Probe" },
    });
    expect(response.ok()).toBeTruthy();
    const unconfirmed = await (await page.request.get("/account/export")).json();
    expect(unconfirmed.account).toMatchObject({ email, email_confirmed_at: null });
    expect(unconfirmed.profile).toMatchObject({ first_name: "Eve", email });
    expect(unconfirmed.contact_messages).toEqual([]);

    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Link erneut senden" }).click();
    await page.goto(await confirmationLink(email, 1));
    await page.getByRole("button", { name: "E-Mail-Adresse bestätigen" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const confirmed = await (await page.request.get("/account/export")).json();
    expect(confirmed.contact_messages).toEqual([
      expect.objectContaining({ message: "Eine Nachricht, die nur mir gehört." }),
    ]);
  });
});
