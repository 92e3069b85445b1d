import { expect, expectAccessible, test } from "./support/fixtures";

const unique = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1000)}`;

test("an undelivered mail is listed with its error and sent again on 'Erneut senden'", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  // The test SMTP server refuses this mailbox for good: the confirmation mail ends up failed.
  const email = `abo-${unique()}@unzustellbar.example`;
  await page.goto("/newsletter");
  const form = page.getByRole("main");
  await form.getByLabel("Deine Mailadresse").fill(email);
  await form.getByRole("button", { name: "Abonnieren" }).click();
  await expect(page.getByText("Erfolgreich angemeldet!").or(page.getByText(/Bestätig/).first())).toBeVisible();

  await signIn({ admin: true });
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(async () => {
    await page.goto("/admin/mails");
    await expect(row).toContainText("Fehlgeschlagen", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Mails" })).toBeVisible();
  await expect(row).toContainText("Bitte bestätige deine Newsletter-Anmeldung");
  await expect(row).toContainText("Mailbox unbekannt");
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await expectAccessible(page);

  await row.getByRole("button", { name: /^Erneut senden/ }).click();
  await expect(page.getByText("Mail wird erneut gesendet")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/mails$/);
  // Sent again at once, refused again: the attempts are counted on. The count goes up when the
  // worker claims the mail, the status when the server has refused it: reload until both show.
  await expect(async () => {
    await page.goto("/admin/mails");
    await expect(row.getByRole("cell").nth(3)).toHaveText("2", { timeout: 1_000 });
    await expect(row).toContainText("Fehlgeschlagen", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
