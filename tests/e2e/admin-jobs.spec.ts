import { expect, expectAccessible, test } from "./support/fixtures";

test("an admin sees the scheduled jobs and runs one now @phone", async ({ page, signIn }) => {
  await signIn({ admin: true });
  await page.goto("/admin/jobs");
  // The admin menu leads here (on a phone it sits behind the menu button).
  await expect(page.locator('nav a[href="/admin/jobs"]').first()).toBeAttached();
  await expect(page.getByRole("heading", { level: 1, name: "Geplante Aufgaben" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Mitgliedschaften: Erinnerungen vor dem Ende, Ablauf" });
  await expect(row).toContainText("Geplant");
  // The hourly sweep ran at the first start: its last run is a date, its next one an hour later.
  await expect(row.getByRole("cell").nth(3)).toHaveText(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  await expect(row.getByRole("cell").nth(4)).toHaveText("–");
  // Every job in the admin's words, not by its internal name.
  await expect(
    page.getByRole("row").filter({ hasText: "Überweisungen: Zahlungserinnerung, Stornierung nach Ablauf der Frist" }),
  ).toHaveCount(1);
  await expect(page.getByRole("cell", { name: "payment-sweep", exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // By keyboard: with JavaScript, focus stays on the button once the job has run (the job stays
  // planned, so its button stays); without, the answer is a new page.
  const runNow = row.getByRole("button", {
    name: "Jetzt ausführen: Mitgliedschaften: Erinnerungen vor dem Ende, Ablauf",
  });
  // It asks first, saying what running early means; "Abbrechen" runs nothing.
  await runNow.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Aufgabe jetzt ausführen?" });
  await expect(confirm).toContainText(
    /„Mitgliedschaften: Erinnerungen vor dem Ende, Ablauf“ ist für \d\d\.\d\d\.\d{4}, \d\d:\d\d geplant und läuft stattdessen sofort\. Danach läuft sie wieder regelmäßig; der nächste Lauf zählt ab jetzt\./,
  );
  await expectAccessible(page);
  await confirm.getByRole("link", { name: "Abbrechen" }).click();
  await expect(confirm).toHaveCount(0);
  if (test.info().project.name !== "js-off") await expect(runNow).toBeFocused();
  await runNow.focus();
  await page.keyboard.press("Enter");
  await confirm.getByRole("button", { name: "Jetzt ausführen" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Aufgabe ausgeführt").first()).toBeVisible();
  if (test.info().project.name !== "js-off") await expect(runNow).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(row).toContainText("Geplant");
  await expect(row.getByRole("cell").nth(4)).toHaveText("–");
});

test("a visitor and a member are kept out of /admin/jobs", async ({ page, signIn }) => {
  await page.goto("/admin/jobs");
  await expect(page).toHaveURL(/\/auth/);
  await signIn();
  const response = await page.request.post("/admin/jobs", { form: { id: crypto.randomUUID() }, maxRedirects: 0 });
  expect(response.status()).not.toBe(200);
  await page.goto("/admin/jobs");
  await expect(page.getByRole("heading", { name: "Geplante Aufgaben" })).toHaveCount(0);
});
