import { expect, expectAccessible, mailsTo, test, uniqueEmail } from "./support/fixtures";

async function waitForMail(address: string) {
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return mailsTo(address).at(-1)!;
}

function linkFrom(text: string, path: "/newsletter/confirm" | "/newsletter/unsubscribe") {
  const match = text.match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`));
  expect(match, `${path} link in mail`).not.toBeNull();
  return match![0];
}

test.describe("newsletter (double opt-in)", () => {
  test("footer signup → confirmation mail → confirm → same answer again, notice by mail → unsubscribe", async ({
    page,
  }) => {
    const email = uniqueEmail("news");
    await page.goto("/about");
    const footer = page.locator("footer");
    await footer.getByLabel("Deine Mailadresse").fill(email);
    await footer.getByRole("button", { name: "Abonnieren" }).click();
    await expect(page.getByText("Erfolgreich angemeldet!")).toBeVisible();
    await expect(page.getByText(/bitte bestätige deine Anmeldung/i)).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
    await expect(footer.getByLabel("Deine Mailadresse")).toHaveValue("");
    // With JavaScript the page stays: focus waits on the form's heading, not at the top of the page.
    if (test.info().project.name !== "js-off")
      await expect(footer.getByRole("heading", { name: "Newsletter" })).toBeFocused();

    const mail = await waitForMail(email);
    expect(mail.text).toContain("schön, dass du den BeHappy-Newsletter erhalten möchtest!");
    const confirmUrl = linkFrom(mail.text, "/newsletter/confirm");
    const unsubscribeUrl = linkFrom(mail.text, "/newsletter/unsubscribe");

    // Opening the link changes nothing; the button does.
    await page.goto(new URL(confirmUrl).pathname + new URL(confirmUrl).search);
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter-Anmeldung bestätigen" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anmeldung bestätigt!" })).toBeVisible();
    // The link opened again says so, instead of asking once more.
    await page.goto(new URL(confirmUrl).pathname + new URL(confirmUrl).search);
    await expect(page.getByRole("heading", { level: 1, name: "Schon bestätigt" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Anmeldung bestätigen" })).toHaveCount(0);

    // The same address again (any case): the page answers exactly as for a new address, so it
    // never tells who is subscribed; the owner gets a notice by mail, without a link.
    await page.goto("/contact");
    await page.locator("footer").getByLabel("Deine Mailadresse").fill(email.toUpperCase());
    await page.locator("footer").getByRole("button", { name: "Abonnieren" }).click();
    await expect(page.getByText("Erfolgreich angemeldet!")).toBeVisible();
    await expect(page.getByText("Diese E-Mail ist bereits angemeldet")).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(2);
    const notice = mailsTo(email).at(-1)!;
    expect(notice.text).toContain("du erhältst ihn bereits");
    expect(notice.text).not.toMatch(/token=/);

    await page.goto(new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search);
    await page.getByRole("button", { name: "Newsletter abbestellen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Du bist abgemeldet" })).toBeVisible();
    // Opened again, the unsubscribe link says so, too.
    await page.goto(new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search);
    await expect(page.getByRole("heading", { level: 1, name: "Schon abgemeldet" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Newsletter abbestellen" })).toHaveCount(0);
    await expectAccessible(page);

    // An old confirmation link does not subscribe an unsubscribed address again: it says so at once,
    // and a POST of it (the button's form, sent anyway) is refused.
    await page.goto(new URL(confirmUrl).pathname + new URL(confirmUrl).search);
    await expect(page.getByRole("heading", { level: 1, name: "Link ungültig" })).toBeVisible();
    const token = new URL(confirmUrl).searchParams.get("token")!;
    const post = await page.request.post("/newsletter/confirm", { form: { token } });
    expect(post.status()).toBe(400);
  });

  test("the /newsletter page asks for optional names; the mail to the unconfirmed address greets no one by them", async ({
    page,
  }) => {
    const email = uniqueEmail("news-name");
    await page.goto("/newsletter");
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
    await expectAccessible(page);
    const form = page.locator("main");
    await form.getByLabel("Vorname (optional)").fill("Mia");
    await form.getByLabel("Nachname (optional)").fill("Sommer");
    await form.getByLabel("Deine Mailadresse").fill(email);
    await form.getByRole("button", { name: "Abonnieren" }).click();
    await expect(page.getByText("Erfolgreich angemeldet!")).toBeVisible();
    const mail = await waitForMail(email);
    expect(mail.text).toContain("Hallo,");
    expect(mail.text).not.toContain("Mia");
    expect(mail.text).not.toContain("Sommer");
  });

  test("a malformed or unknown link is refused in German", async ({ page }) => {
    let response = await page.goto("/newsletter/confirm");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "Link ungültig" })).toBeVisible();

    // A well-formed link no subscription has (say, one a newer mail replaced) is refused at once,
    // before anyone presses a button that could only fail.
    response = await page.goto(`/newsletter/confirm?token=${"x".repeat(43)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "Link ungültig" })).toBeVisible();
    await expect(page.getByText("gilt nur der Link aus der neuesten E-Mail")).toBeVisible();
    await expect(page.getByRole("button", { name: "Anmeldung bestätigen" })).toHaveCount(0);

    await page.goto("/newsletter/unsubscribe?token=kurz");
    await expect(page.getByRole("heading", { level: 1, name: "Link ungültig" })).toBeVisible();
  });

  test("a redirectTo to another site is ignored", async ({ page, request }) => {
    const response = await request.post("/newsletter", {
      form: { email: uniqueEmail("news-redirect"), redirectTo: "//evil.example/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    void page;
  });
});
