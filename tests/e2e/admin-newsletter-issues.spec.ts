import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, expectAccessible, mailsTo, PASSWORD, test, uniqueEmail } from "./support/fixtures";

/**
 * Newsletter issues (issue 29): an admin writes one (bad input refused in German with the values
 * kept, nothing stored), previews it as phone and desktop mail, sends a test to themself, then
 * sends it to members. The mail sink has exactly one per confirmed member and none for an
 * unconfirmed or unsubscribed address or a non-member. One-click unsubscribe (RFC 8058) by POST
 * from another site, and by the button on the link's page. JavaScript on and off, phone, keyboard.
 */
const BASE = () => test.info().project.use.baseURL!;

async function mailWith(address: string, pattern: RegExp) {
  await expect.poll(() => mailsTo(address).filter((m) => pattern.test(m.text)).length, { timeout: 20_000 }).toBe(1);
  return mailsTo(address).find((m) => pattern.test(m.text))!;
}

/** Signs up through the real form (no page of ours: no Origin header) and, when asked, confirms by the mailed link. */
async function subscribe(request: APIRequestContext, email: string, confirm: boolean) {
  expect((await request.post("/newsletter", { form: { email } })).ok()).toBeTruthy();
  const mail = await mailWith(email, /Bitte bestätige deine Newsletter-Anmeldung|newsletter\/confirm/);
  const token = (path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
  if (confirm)
    expect(
      (await request.post("/newsletter/confirm", { form: { token: token("/newsletter/confirm") } })).ok(),
    ).toBeTruthy();
  return {
    unsubscribe: () => request.post("/newsletter/unsubscribe", { form: { token: token("/newsletter/unsubscribe") } }),
  };
}

async function member(playwright: PlaywrightWorkerArgs["playwright"], email: string) {
  const context = await playwright.request.newContext({ baseURL: BASE(), ignoreHTTPSErrors: true });
  const response = await context.post("/__e2e/session", { data: { email, password: PASSWORD, plan: "yearly" } });
  expect(response.ok(), await response.text()).toBeTruthy();
  await context.dispose();
}

async function writeDraft(page: Page, subject: string) {
  await page.getByLabel("Betreff").fill(subject);
  await page.getByLabel("Vorschautext (Preheader)").fill("Neue Kurse im Juli");
  await page
    .getByLabel("Text (Markdown)")
    .fill(
      "# Sommer bei BeHappy\n\nAlle Termine auf [unserer Seite](https://behappy.example/kurse).\n\n![Yoga am See](https://behappy.example/see.jpg)\n\n[[Jetzt buchen | https://behappy.example/kurse]]\n\nBis bald!",
    );
}

test("@phone an admin writes, previews, tests and sends a newsletter to members; one-click unsubscribe works", async ({
  page,
  request,
  signIn,
  playwright,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const [memberA, memberB, pendingMember, goneMember, nonMember] = [
    "nl-a",
    "nl-b",
    "nl-pending",
    "nl-gone",
    "nl-non",
  ].map((prefix) => uniqueEmail(prefix));
  for (const email of [memberA, memberB, pendingMember, goneMember]) await member(playwright, email);
  await subscribe(request, memberA, true);
  await subscribe(request, memberB, true);
  await subscribe(request, pendingMember, false);
  const gone = await subscribe(request, goneMember, true);
  expect((await gone.unsubscribe()).ok()).toBeTruthy();
  await subscribe(request, nonMember, true);

  const { email: adminEmail } = await signIn({ admin: true });
  await page.goto("/admin/newsletter");
  await page.getByRole("link", { name: "Aussendungen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter-Aussendungen" })).toBeVisible();
  await page.getByRole("link", { name: "Neue Aussendung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Neue Aussendung" })).toBeVisible();
  await expect(page.getByText("[[Text des Buttons | https://…]]")).toBeVisible();
  await expectAccessible(page);

  // Bad input: German errors next to the fields, the values kept, nothing stored.
  const hostile = "<script>alert(1)</script>\n\n[klick](javascript:alert(1))";
  // Blanks only: the browser's own `required` lets it through, the schema does not.
  await page.getByLabel("Betreff").fill("   ");
  await page.getByLabel("Text (Markdown)").fill(hostile);
  await page.getByRole("button", { name: "Entwurf speichern" }).click();
  await expect(page.getByText("Bitte gib einen Betreff ein.")).toBeVisible();
  await expect(
    page.getByText("HTML wie <script> ist nicht erlaubt. Bitte schreibe den Text in Markdown."),
  ).toBeVisible();
  await expect(page.getByText("Links dürfen nur mit https://, http:// oder mailto: beginnen.")).toBeVisible();
  await expect(page.getByLabel("Text (Markdown)")).toHaveValue(hostile);
  await page.getByLabel("Betreff").fill("Zu lang");
  await page.getByLabel("Text (Markdown)").fill("a".repeat(1_000_000));
  await page.getByRole("button", { name: "Entwurf speichern" }).click();
  await expect(page.getByText(/Der Text ist zu lang: höchstens 100\.000 Zeichen/)).toBeVisible();
  await expect(page.getByLabel("Betreff")).toHaveValue("Zu lang");
  await page.goto("/admin/newsletter/aussendungen");
  await expect(page.getByTestId("newsletter-issue-row").filter({ hasText: "Zu lang" })).toHaveCount(0);

  // The retry with good input: saved, previewed as phone and desktop mail, HTML and text.
  const subject = `Sommer-News ${Date.now().toString(36)}`;
  await page.getByRole("link", { name: "Neue Aussendung" }).click();
  await writeDraft(page, subject);
  await page.getByRole("button", { name: "Entwurf speichern" }).click();
  await expect(page.getByText("Entwurf gespeichert")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const phone = page.frameLocator('iframe[title="Vorschau auf dem Handy"]');
  await expect(phone.getByRole("heading", { name: "Sommer bei BeHappy" })).toBeVisible();
  await expect(phone.getByRole("link", { name: "Jetzt buchen" })).toHaveAttribute(
    "href",
    "https://behappy.example/kurse",
  );
  await expect(page.locator('iframe[title="Vorschau auf dem Handy"]')).toHaveAttribute("sandbox", "");
  await expect(page.getByText(/Jetzt buchen: https:\/\/behappy\.example\/kurse/).first()).toBeVisible();
  await expectAccessible(page, { exclude: "iframe" });

  await page.getByRole("button", { name: "Testmail an mich" }).click();
  await expect(page.getByText("Testmail ist unterwegs")).toBeVisible();
  await mailWith(adminEmail, new RegExp(`\\[Test\\] ${subject}`));

  // No audience chosen (a browser that skips the required check): said at the choice, nothing sent.
  await page
    .locator('input[name="segment"]')
    .evaluateAll((radios) => radios.forEach((r) => r.removeAttribute("required")));
  await page.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
  await expect(page.getByRole("group", { name: "Verschicken" })).toHaveAccessibleDescription(
    "Bitte wähle eine Zielgruppe.",
  );
  await expect(page.getByTestId("send-review")).toHaveCount(0);
  await expect(page.getByLabel("Alle bestätigten Abonnent:innen")).toBeFocused();

  // Sending cannot be undone: the second step names how many get it.
  await page.getByLabel("Mitglieder mit aktiver Mitgliedschaft").check();
  await page.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
  await expect(page.getByTestId("send-review")).toContainText(
    new RegExp(`„${subject}“ geht an \\d+ bestätigte Abonnent:innen \\(Mitglieder mit aktiver Mitgliedschaft\\)`),
  );
  await expect(page.getByRole("button", { name: "Entwurf speichern" })).toBeVisible();
  // With JavaScript each step replaces the pressed button: focus waits at the next step's heading.
  if (javaScriptEnabled) await expect(page.getByRole("heading", { name: "Verschicken bestätigen" })).toBeFocused();
  // The draft changed in a second tab after the review: that is not what was confirmed, so nothing goes out.
  const secondTab = await page.context().newPage();
  await secondTab.goto(page.url());
  await secondTab.getByLabel("Betreff").fill(`${subject} (neu)`);
  await secondTab.getByRole("button", { name: "Entwurf speichern" }).click();
  await expect(secondTab.getByText("Entwurf gespeichert")).toBeVisible();
  await secondTab.close();
  await page.getByRole("button", { name: "Jetzt verschicken" }).click();
  await expect(page.getByText(/Der Entwurf wurde geändert, nachdem du den Versand geprüft hast\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Entwurf speichern" })).toBeVisible();
  // The admin looks again and confirms the draft as it is now.
  await page.reload();
  await expect(page.getByLabel("Betreff")).toHaveValue(`${subject} (neu)`);
  await page.getByLabel("Betreff").fill(subject);
  await page.getByRole("button", { name: "Entwurf speichern" }).click();
  await expect(page.getByText("Entwurf gespeichert")).toBeVisible();
  await page.getByLabel("Mitglieder mit aktiver Mitgliedschaft").check();
  await page.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
  await page.getByRole("button", { name: "Jetzt verschicken" }).click();
  await expect(page.getByText("Der Newsletter wird verschickt")).toBeVisible();
  await expect(page.getByRole("button", { name: "Entwurf speichern" })).toHaveCount(0);
  if (javaScriptEnabled)
    await expect(page.getByRole("heading", { name: /^(Wird verschickt|Verschickt) an/ })).toBeFocused();
  expect((await page.request.post("/__e2e/jobs")).ok()).toBeTruthy();

  const subjectLine = new RegExp(`^Subject: ${subject}\\r?$`, "m");
  const mailA = await mailWith(memberA, subjectLine);
  const mailB = await mailWith(memberB, subjectLine);
  for (const address of [pendingMember, goneMember, nonMember]) {
    expect(mailsTo(address).filter((m) => subjectLine.test(m.text))).toHaveLength(0);
  }
  // Every confirmed member gets it (other tests' members too): all delivered, none failed.
  const counts = async () => {
    await page.reload();
    const text = await page.getByTestId("newsletter-counts").innerText();
    const [recipients, queued, delivered, failed, unsubscribed] = (text.match(/\d+/g) ?? []).map(Number);
    return { recipients, queued, delivered, failed, unsubscribed };
  };
  await expect
    .poll(
      async () => {
        const now = await counts();
        return now.recipients! >= 2 && now.delivered === now.recipients && now.queued === 0 && now.failed === 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // RFC 8058: the provider POSTs from elsewhere, with no sign-in; it unsubscribes at once.
  const headers = mailA.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  const oneClick = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(headers)![1]!;
  // The suite's TLS front has a self-signed certificate (support/tls-front.mjs).
  const provider = await playwright.request.newContext({ ignoreHTTPSErrors: true });
  const answer = await provider.post(oneClick, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { Origin: "https://mail.provider.example" },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await provider.dispose();

  // The visible link opens a page; only its button unsubscribes.
  const link = /(\/newsletter\/abmelden\?token=[A-Za-z0-9_-]+)/.exec(mailB.text)![1]!;
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter abbestellen" })).toBeVisible();
  await page.getByRole("button", { name: "Newsletter abbestellen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Du bist abgemeldet" })).toBeVisible();
  // The mail's link opened again says it is done, like the one-click address of the first mail.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Schon abgemeldet" })).toBeVisible();
  const linkA = /(\/newsletter\/abmelden\?token=[A-Za-z0-9_-]+)/.exec(mailA.text)![1]!;
  await page.goto(linkA);
  await expect(page.getByRole("heading", { level: 1, name: "Schon abgemeldet" })).toBeVisible();

  await page.goto("/admin/newsletter/aussendungen");
  await page.getByRole("link", { name: subject }).click();
  // The newsletter's page first: counts() reloads, and must not reload the list it came from.
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  expect((await counts()).unsubscribed).toBeGreaterThanOrEqual(2);
});

test("a draft is written and saved with the keyboard alone", async ({ page, signIn }) => {
  await signIn({ admin: true });
  await page.goto("/admin/newsletter/aussendungen/neu");
  const subject = `Tastatur ${Date.now().toString(36)}`;
  await page.getByLabel("Betreff").focus();
  await page.keyboard.type(subject);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Kurz und gut");
  await page.keyboard.press("Tab");
  await page.keyboard.type("## Hallo\n\nNur mit der Tastatur geschrieben.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Entwurf speichern" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByLabel("Text (Markdown)")).toHaveValue("## Hallo\n\nNur mit der Tastatur geschrieben.");
});
