import { expect, expectAccessible, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";

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

  test("the admin sees the proof of consent: the request with its wording, the confirmation, the unsubscription @phone", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("nachweis");
    await page.goto("/about");
    const footer = page.locator("footer");
    await footer.getByLabel("Deine Mailadresse").fill(email);
    await footer.getByRole("button", { name: "Abonnieren" }).click();
    await expect(page.getByText("Erfolgreich angemeldet!")).toBeVisible();
    const mail = await waitForMail(email);
    const confirmUrl = new URL(linkFrom(mail.text, "/newsletter/confirm"));
    const unsubscribeUrl = new URL(linkFrom(mail.text, "/newsletter/unsubscribe"));
    await page.goto(confirmUrl.pathname + confirmUrl.search);
    await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anmeldung bestätigt!" })).toBeVisible();
    await page.goto(unsubscribeUrl.pathname + unsubscribeUrl.search);
    await page.getByRole("button", { name: "Newsletter abbestellen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Du bist abgemeldet" })).toBeVisible();

    const { baseURL, javaScriptEnabled, locale, viewport, isMobile, hasTouch } = test.info().project.use;
    const admin = await browser.newContext({ baseURL, javaScriptEnabled, locale, viewport, isMobile, hasTouch });
    const adminPage = await admin.newPage();
    const session = await adminPage.request.post("/__e2e/session", {
      data: { email: uniqueEmail("admin-nachweis"), password: PASSWORD, admin: true },
    });
    expect(session.ok()).toBeTruthy();
    await adminPage.goto(`/admin/newsletter?q=${encodeURIComponent(email)}`);
    const row = adminPage.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Abgemeldet");
    await row.getByRole("link", { name: `Verlauf der Einwilligung: ${email}` }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Einwilligungsnachweis" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveCount(3);
    await expect(dialog.getByRole("listitem").nth(0)).toContainText(
      /^Anmeldung angefragt: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
    );
    await expect(dialog.getByRole("listitem").nth(0)).toContainText("Ich möchte den BeHappy-Newsletter");
    await expect(dialog.getByRole("listitem").nth(1)).toContainText("Bestätigt (Double-Opt-in)");
    await expect(dialog.getByRole("listitem").nth(2)).toContainText("Abgemeldet");
    await expectAccessible(adminPage);
    await dialog.getByRole("link", { name: "Schließen" }).click();
    await expect(dialog).toHaveCount(0);
    await admin.close();
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
    await expect(page.getByText("Fehler bei der Anmeldung")).toHaveCount(0);
    const mail = await waitForMail(email);
    expect(mail.text).toContain("Hallo,");
    expect(mail.text).not.toContain("Mia");
    expect(mail.text).not.toContain("Sommer");
  });

  test("a refused address stays typed, its error at the field, and the retry by keyboard succeeds @phone", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("news-retry");
    // Passes the browser's own type=email check (no dot needed), not the shop's.
    const typo = email.replace(/@.*$/, "@beispiel");
    await page.goto("/about");
    const footer = page.locator("footer");
    await footer.getByLabel("Deine Mailadresse").fill(typo);
    await footer.getByRole("button", { name: "Abonnieren" }).click();

    // Without JavaScript the answer is the /newsletter page, its form filled with what was typed;
    // with it the footer's form keeps it in place.
    const form = javaScriptEnabled ? footer : page.locator("main");
    if (!javaScriptEnabled) {
      await expect(page).toHaveURL(/\/newsletter$/);
      await expect(page).toHaveTitle("Newsletter – BeHappy");
      await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
      // The page says it beside the field; no toast repeats it.
      await expect(page.getByText("Fehler bei der Anmeldung")).toHaveCount(0);
    } else {
      await expect(page).toHaveURL(/\/about$/);
    }
    const field = form.getByLabel("Deine Mailadresse");
    await expect(field).toHaveValue(typo);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("Bitte gib eine gültige E-Mail-Adresse ein.");
    // The page's autofocus (no JavaScript) or the form's answer (with it) puts the keyboard there.
    await expect(field).toBeFocused();
    await expectAccessible(page);

    // WCAG 1.4.10: at 320 px the error page does not scroll sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll, "page width at 320 px").toBeLessThanOrEqual(width.client);

    // The retry, by keyboard only.
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Erfolgreich angemeldet!")).toBeVisible();
    // The refusal before it is over: no error beside the success.
    await expect(page.getByText("Fehler bei der Anmeldung")).toHaveCount(0);
    // Back on the page the form was first sent from, the form empty again.
    await expect(page).toHaveURL(/\/about$/);
    await expect(footer.getByLabel("Deine Mailadresse")).toHaveValue("");
    await expect(footer.getByLabel("Deine Mailadresse")).not.toHaveAttribute("aria-invalid", "true");
    const mail = await waitForMail(email);
    expect(mail.text).toContain("/newsletter/confirm?token=");
  });

  test("the /newsletter page keeps the names and the address after a refused address", async ({ page }) => {
    const email = uniqueEmail("news-retry-name");
    await page.goto("/newsletter");
    const form = page.locator("main");
    await form.getByLabel("Vorname (optional)").fill("Erika");
    await form.getByLabel("Nachname (optional)").fill("Muster");
    await form.getByLabel("Deine Mailadresse").fill("erika@beispiel");
    await form.getByRole("button", { name: "Abonnieren" }).click();
    await expect(form.getByLabel("Deine Mailadresse")).toHaveAccessibleDescription(
      "Bitte gib eine gültige E-Mail-Adresse ein.",
    );
    await expect(form.getByLabel("Deine Mailadresse")).toHaveValue("erika@beispiel");
    await expect(form.getByLabel("Vorname (optional)")).toHaveValue("Erika");
    await expect(form.getByLabel("Nachname (optional)")).toHaveValue("Muster");
    await expect(form.getByLabel("Vorname (optional)")).not.toHaveAttribute("aria-invalid", "true");
    // Only the page's own form answers; the footer's stays as it was.
    await expect(page.locator("footer").getByLabel("Deine Mailadresse")).toHaveValue("");
    await expect(page.locator("footer").getByLabel("Deine Mailadresse")).not.toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Deine Mailadresse").fill(email);
    await form.getByRole("button", { name: "Abonnieren" }).click();
    await expect(page.getByText("Erfolgreich angemeldet!")).toBeVisible();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(form.getByLabel("Deine Mailadresse")).toHaveValue("");
    await expect(form.getByLabel("Vorname (optional)")).toHaveValue("");
    await waitForMail(email);
  });

  test("a refused plain post answers the page with what was typed, not a redirect", async ({ request }) => {
    const response = await request.post("/newsletter", {
      form: { email: "erika@beispiel", firstName: "Erika", lastName: "<Muster>", redirectTo: "/about" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="erika@beispiel"');
    expect(html).toContain('value="Erika"');
    expect(html).toContain('value="&lt;Muster&gt;"');
    expect(html).toContain("Bitte gib eine gültige E-Mail-Adresse ein.");
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
