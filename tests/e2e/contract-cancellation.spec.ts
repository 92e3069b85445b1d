import { checkOutCart } from "./members-support";
import { expect, expectAccessible, mailsTo, test } from "./support/fixtures";

const SHOP_INBOX = "bestellungen@behappy.example";
const LINK = "Verträge hier kündigen";

test("the footer of every page leads to the cancellation form; jetzt kündigen is in view at 390 px @phone", async ({
  page,
}) => {
  for (const path of ["/", "/products/b0000000-0000-4000-8000-000000000001", "/gibt-es-nicht"]) {
    await page.goto(path);
    await page.getByRole("contentinfo").getByRole("link", { name: LINK, exact: true }).click();
    await expect(page).toHaveURL(/\/vertrag-kuendigen$/);
    await expect(page.getByRole("heading", { level: 1, name: "Verträge kündigen" })).toBeVisible();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/vertrag-kuendigen");
  await expect(page.getByRole("button", { name: "jetzt kündigen", exact: true })).toBeInViewport();
  await expectAccessible(page);
  // The reason is asked for only with an außerordentliche Kündigung (by CSS, with and without JS).
  await expect(page.getByLabel("Grund")).toBeHidden();
  await page.getByLabel("außerordentlich", { exact: true }).check();
  await expect(page.getByLabel("Grund")).toBeVisible();
});

test("a visitor cancels without signing in: receipt page, neutral mail, admin list, matched by hand", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const email = `kuendigung-${Date.now()}-${test.info().project.name}@example.com`;
  await page.goto("/vertrag-kuendigen");
  await page.getByLabel("ordentlich", { exact: true }).check();
  await page.getByLabel("Name").fill("Paula Probe");
  await page.getByLabel(/^E-Mail\*?$/).fill(email);
  await page.getByLabel("Bestellnummer (optional)").fill("ABC-123");
  await page.getByRole("button", { name: "jetzt kündigen" }).click();

  await expect(page).toHaveURL(/\/vertrag-kuendigen\/eingang\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Deine Kündigung ist eingegangen" })).toBeVisible();
  await expect(page.getByText(/Eingangsbestätigung vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/)).toBeVisible();
  await expect(page.getByText("Paula Probe")).toBeVisible();
  await expect(page.getByText(/Drucken/)).toBeVisible();
  await expectAccessible(page);

  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
  const receipt = mailsTo(email)[0];
  expect(receipt.text).toContain("Art der Kündigung: ordentlich");
  // § 312k Abs. 4: when the contract is to end, as declared (no date asked for: the next possible one).
  expect(receipt.text).toContain("Gewünschtes Ende: zum nächstmöglichen Zeitpunkt");
  expect(receipt.text).toContain("sobald wir die Kündigung zugeordnet haben");
  expect(receipt.text).not.toContain("Paula");
  expect(receipt.text).not.toContain("ABC-123");
  await expect
    .poll(() => mailsTo(SHOP_INBOX).filter((m) => m.text.includes(email)).length, { timeout: 20_000 })
    .toBe(1);

  // The member it belongs to, and the admin who matches it.
  const owner = await signIn();
  await page.goto("/logout");
  await signIn({ admin: true });
  await page.goto("/admin/kuendigungen?filter=offen&q=" + encodeURIComponent(email));
  await expect(page.getByRole("heading", { level: 1, name: "Kündigungen" })).toBeVisible();
  const row = page.getByTestId("cancellation-row").filter({ hasText: email });
  await expect(row).toContainText("nicht zugeordnet");
  await expectAccessible(page);
  // No account has the address: refused at the field, which keeps what was typed.
  const field = row.getByLabel(/E-Mail des Kontos/);
  await field.fill(`niemand-${owner.email}`);
  await row.getByRole("button", { name: "Zuordnen" }).click();
  await expect(row.getByText(`Es gibt kein Konto mit der E-Mail-Adresse niemand-${owner.email}.`)).toBeVisible();
  await expect(field).toHaveValue(`niemand-${owner.email}`);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // The member's account has another address than the declaration: it asks first, as the
  // membership of the account chosen ends.
  await field.fill(owner.email);
  await row.getByRole("button", { name: "Zuordnen" }).click();
  const confirm = row.getByRole("button", { name: "Trotzdem zuordnen" });
  await expect(confirm).toHaveAccessibleDescription(
    `Die Kündigung kam von ${email}, das Konto hat die Adresse ${owner.email}. Ordne sie nur zu, wenn sicher ist, dass beide Adressen zu derselben Person gehören: Die Mitgliedschaft dieses Kontos endet damit.`,
  );
  // Asked, nothing is applied yet.
  await expect(row).toContainText("nicht zugeordnet");
  await confirm.click();
  await expect(page.getByText("Kündigung zugeordnet").first()).toBeVisible();
  await expect
    .poll(() => mailsTo(owner.email).some((m) => m.text.includes("zugeordnet")), { timeout: 20_000 })
    .toBe(true);
});

test("a signed-in member cancels with prefilled fields, sees the end date and takes it back", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { email } = await signIn();
  // A Lifetime-free way to hold a membership: the free plan, ordered at 0,00 €.
  await page.request.post("/cart", {
    form: { intent: "plan", planId: "a0000000-0000-4000-8000-000000000001", redirectTo: "/join" },
    maxRedirects: 0,
  });
  await checkOutCart(page);

  await page.goto("/vertrag-kuendigen");
  await expect(page.getByLabel(/^E-Mail\*?$/)).toHaveValue(email);
  await expect(page.getByLabel("Name")).toHaveValue("Erika Muster");
  await expect(page.getByLabel(/E-Mail für die Bestätigung/)).toHaveValue(email);
  const wished = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("ordentlich", { exact: true }).check();
  await page.getByLabel(/Gewünschtes Vertragsende/).fill(wished);
  await page.getByRole("button", { name: "jetzt kündigen" }).click();
  const [y, m, d] = wished.split("-");
  await expect(page.getByTestId("cancellation-end")).toHaveText(`Deine Mitgliedschaft endet am ${d}.${m}.${y}.`);
  // The receipt repeats the wished end as typed, in German form (it showed "Tue Dec 15" once).
  await expect(page.getByRole("definition").filter({ hasText: `${d}.${m}.${y}` })).toHaveCount(1);
  await expect
    .poll(() => mailsTo(email).find((mail) => mail.text.includes("Kündigung ist am"))?.text ?? "", {
      timeout: 20_000,
    })
    .toContain(`endet am ${d}.${m}.${y}`);

  await page.goto("/dashboard");
  await expect(page.getByTestId("membership-end")).toContainText(`ist gekündigt zum ${d}.${m}.${y}.`);
  // Said once: the notice below offers taking it back until that day.
  await expect(page.getByTestId("cancellation-notice")).toContainText(
    `Bis zum ${d}.${m}.${y} kannst du deine Kündigung zurücknehmen`,
  );
  await expect(page.getByTestId("cancellation-notice")).not.toContainText("gekündigt zum");
  await page.getByRole("button", { name: "Kündigung zurücknehmen" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Kündigung zurückgenommen").first()).toBeVisible();
  await expect(page.getByTestId("cancellation-notice")).toHaveCount(0);
  // Its button went with the notice: with JavaScript focus waits on the page's title.
  if (test.info().project.name !== "js-off")
    await expect(page.getByRole("heading", { level: 1, name: "My Dashboard" })).toBeFocused();
});

test("a Free member has no order number: the form takes the declaration without one", async ({ page }) => {
  const email = `ohne-nummer-${Date.now()}-${test.info().project.name}@example.com`;
  await page.goto("/vertrag-kuendigen");
  const number = page.getByLabel("Bestellnummer (optional)");
  await expect(number).toHaveAccessibleDescription(/Ohne Nummer ordnen wir die Kündigung über Name und E-Mail zu/);
  await page.getByLabel("ordentlich", { exact: true }).check();
  await page.getByLabel("Name").fill("Frieda Frei");
  await page.getByLabel(/^E-Mail\*?$/).fill(email);
  await page.getByRole("button", { name: "jetzt kündigen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deine Kündigung ist eingegangen" })).toBeVisible();
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
});

test("bad input gets German errors with the typed values kept; nothing is sent", async ({ page }) => {
  await page.goto("/vertrag-kuendigen");
  await page.getByLabel("außerordentlich", { exact: true }).check();
  await page.getByLabel("Name").fill("Paula Probe");
  await page.getByLabel("Bestellnummer (optional)").fill("ABC-123");
  await page.getByLabel(/Gewünschtes Vertragsende/).fill("2020-01-01");
  await page.getByRole("button", { name: "jetzt kündigen" }).click();
  await expect(page.getByText("Bitte gib deine E-Mail-Adresse ein.")).toBeVisible();
  await expect(page.getByText("Bitte gib den Grund für die außerordentliche Kündigung an.")).toBeVisible();
  // Focus waits in the first field to correct, also when the page came back from the server (JS off).
  await expect(page.locator("[aria-invalid=true]").first()).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveValue("Paula Probe");
  await expect(page).toHaveURL(/\/vertrag-kuendigen$/);

  // The server's own checks (a past date on the shop's clock, a line break) with the values kept.
  const response = await page.request.post("/vertrag-kuendigen", {
    form: {
      kind: "ordentlich",
      name: "Paula\r\nBcc: x@example.com",
      email: "paula@example.com",
      contract: "ABC-123",
      wishedEnd: "2020-01-01",
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  const answer = await response.text();
  expect(answer).toContain("Bitte ohne Zeilenumbruch eingeben.");
  // The page comes back with what was typed.
  expect(answer).toContain('value="ABC-123"');
  expect(answer).toContain('value="paula@example.com"');
  // 10 kB of reason: refused with its limit named, nothing stored or mailed.
  const long = await page.request.post("/vertrag-kuendigen", {
    form: {
      kind: "ausserordentlich",
      reason: "x".repeat(10_240),
      name: "Paula Probe",
      email: "paula.lang@example.com",
      contract: "ABC-123",
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(long.status()).toBe(400);
  expect(await long.text()).toMatch(/höchstens 2000 Zeichen/);
  await page.waitForTimeout(1_000);
  expect(mailsTo("paula.lang@example.com")).toEqual([]);
  expect(mailsTo("paula@example.com")).toEqual([]);
});

test("keyboard only: the form is filled and sent with Tab, Space and Enter", async ({ page }) => {
  await page.goto("/vertrag-kuendigen");
  const email = `tastatur-${Date.now()}-${test.info().project.name}@example.com`;
  // From the top of the page, Tab alone reaches the first choice (past the skip link and the header).
  const ordentlich = page.getByLabel("ordentlich", { exact: true });
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    if (await ordentlich.evaluate((radio) => radio === document.activeElement)) break;
  }
  await expect(ordentlich).toBeFocused();
  await page.keyboard.press("Space");
  await expect(ordentlich).toBeChecked();
  // The reason is not asked for an ordentliche Kündigung, so the next stop is the name.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Kim Tastatur");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("K-1");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/vertrag-kuendigen\/eingang\//);
});
