import { expect, expectAccessible, test } from "../e2e/support/fixtures";
import { sidewaysProblems } from "../e2e/support/layout";

/**
 * A declaration's receipt page (§ 312k cancellation, § 356a withdrawal) shows what was declared for
 * 24 hours on the shop's clock, then answers 410 with a page that says why and where the lasting copy
 * is (the confirmation mail). The alone suite may move the shop's clock: nothing else runs meanwhile.
 */
const DAY_AND_A_BIT = 25 * 3_600_000;

test.afterEach(async ({ request }) => {
  const reset = await request.post("/__e2e/clock", { data: { now: null } });
  expect(reset.ok(), await reset.text()).toBeTruthy();
});

test("a receipt fits a 320 px phone, then expires after 24 hours with a way on @phone", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const email = `ablauf-${Date.now()}-${test.info().project.name}@beispiel-unternehmen.example`;
  await page.goto("/vertrag-kuendigen");
  await page.getByLabel("ordentlich", { exact: true }).check();
  await page.getByLabel("Name").fill("Maximiliane Mustermann-Lüdenscheid");
  await page.getByLabel(/^E-Mail\*?$/).fill(email);
  await page.getByRole("button", { name: "jetzt kündigen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deine Kündigung ist eingegangen" })).toBeVisible();
  const cancellationReceipt = new URL(page.url()).pathname;

  const withdrawn = await page.request.post("/vertrag-widerrufen", {
    form: { intent: "confirm", name: "Maximiliane Mustermann-Lüdenscheid", email, orderNumber: "abcdef12" },
  });
  expect(withdrawn.ok()).toBeTruthy();
  const withdrawalReceipt = new URL(withdrawn.url()).pathname;
  expect(withdrawalReceipt).toMatch(/^\/vertrag-widerrufen\/eingang\/[0-9a-f-]{36}$/);
  // Both with the long name and address at every width: nothing scrolls sideways.
  expect(await sidewaysProblems(page, [cancellationReceipt, withdrawalReceipt])).toEqual([]);

  // A day and a bit later (the shop's clock): neither page shows the declaration any more.
  const moved = await page.request.post("/__e2e/clock", {
    data: { now: new Date(Date.now() + DAY_AND_A_BIT).toISOString() },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [withdrawalReceipt, cancellationReceipt]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(410);
    await expect(
      page.getByRole("heading", { level: 1, name: "Diese Eingangsbestätigung ist nicht mehr abrufbar" }),
    ).toBeVisible();
    await expect(page.getByText("Die Bestätigung per E-Mail bleibt gültig.", { exact: false })).toBeVisible();
    await expect(page.getByText("Maximiliane")).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
  }
  expect(await sidewaysProblems(page, [cancellationReceipt])).toEqual([]);
  await expectAccessible(page);

  // By keyboard alone, on to the contact form the page names.
  await page.goto(cancellationReceipt);
  const contact = page.getByRole("link", { name: "Kontaktformular" });
  for (
    let presses = 0;
    presses < 40 && !(await contact.evaluate((link) => link === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(contact).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/contact$/);
});
