import { expect, expectAccessible, test } from "./support/fixtures";

async function answer(page: import("@playwright/test").Page, pick: (index: number) => number, count?: number) {
  // Without JavaScript, "Test wiederholen" is a full page load: between the old result and the new
  // form the page is briefly empty. The submit button comes after every statement, so once it is
  // visible the whole form has been parsed and counting the statements is safe.
  await expect(page.getByRole("button", { name: "Auswertung anzeigen" })).toBeVisible();
  const fieldsets = page.locator("main form fieldset");
  const total = count ?? (await fieldsets.count());
  for (let i = 0; i < total; i++) {
    await fieldsets
      .nth(i)
      .locator(`input[value="${pick(i)}"]`)
      .check();
  }
}

test.describe("self-tests", () => {
  test("Glückstest: unanswered statements are named in German, answers kept; then a result", async ({ page }) => {
    await page.goto("/glueckstest");
    await expect(page.getByRole("heading", { level: 1, name: "Glückstest" })).toBeVisible();
    const fieldsets = page.locator("main form fieldset");
    expect(await fieldsets.count()).toBeGreaterThanOrEqual(10);
    await expect(fieldsets.first().locator("legend")).toContainText("Vorfreude");
    await expectAccessible(page);

    await answer(page, () => 4, 3);
    await page.getByRole("button", { name: "Auswertung anzeigen" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Bitte beantworte alle Aussagen. Es fehlen noch 9 Antworten." }),
    ).toBeVisible();
    await expect(fieldsets.nth(3).getByText("Bitte wähle eine Antwort.")).toBeVisible();
    await expect(fieldsets.nth(0).locator('input[value="4"]')).toBeChecked();
    await expect(fieldsets.nth(2).locator('input[value="4"]')).toBeChecked();
    await expectAccessible(page);

    await answer(page, () => 3);
    await page.getByRole("button", { name: "Auswertung anzeigen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Auf einem guten Weg" })).toBeVisible();
    await expect(page.getByText("50 von 100")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unsere Tipps für dich" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Jetzt Mitglied werden" }).first()).toHaveAttribute("href", "/join");
    await expectAccessible(page);
  });

  test("Scanner-Taucher-Test: a scanner, a taucher and a Mischtyp", async ({ page }) => {
    await page.goto("/scanner-taucher-test");
    await expect(page.getByRole("heading", { level: 1, name: "Scanner-Taucher-Test" })).toBeVisible();
    expect(await page.locator("main form fieldset").count()).toBeGreaterThanOrEqual(12);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Auswertung anzeigen" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Bitte beantworte alle Aussagen. Es fehlen noch 14 Antworten." }),
    ).toBeVisible();

    // Odd statements (1, 3, …) describe a scanner, even ones a taucher.
    await answer(page, (i) => (i % 2 === 0 ? 5 : 1));
    await page.getByRole("button", { name: "Auswertung anzeigen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Du bist ein Scanner" })).toBeVisible();
    await expect(page.getByText("Dein Scanner-Anteil:")).toContainText("100 %");
    await expect(page.getByRole("link", { name: "Jetzt Mitglied werden" }).first()).toHaveAttribute("href", "/join");

    await page.getByRole("link", { name: "Test wiederholen" }).click();
    // Same URL as the result: wait until the fresh form has replaced the result before answering.
    await expect(page.getByRole("heading", { level: 2, name: /^Du bist ein/ })).toHaveCount(0);
    await answer(page, (i) => (i % 2 === 0 ? 1 : 5));
    await page.getByRole("button", { name: "Auswertung anzeigen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Du bist ein Taucher" })).toBeVisible();

    await page.getByRole("link", { name: "Test wiederholen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /^Du bist ein/ })).toHaveCount(0);
    await answer(page, () => 3);
    await page.getByRole("button", { name: "Auswertung anzeigen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Du bist ein Mischtyp" })).toBeVisible();
    await expectAccessible(page);
  });
});
