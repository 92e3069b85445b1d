import { expect, expectAccessible, test } from "./support/fixtures";

const unique = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1000)}`;

test("a contact message is listed as 'Neu' and marked read from its dialog", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const name = `Kontakt ${unique()}`;
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "E-Mail", exact: true }).fill("kontakt@example.com");
  await page
    .getByRole("textbox", { name: "Nachricht", exact: true })
    .fill("Hallo BeHappy,\nich habe eine Frage zum Retreat.");
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByText("Nachricht gesendet!")).toBeVisible();

  await signIn({ admin: true });
  await page.goto("/admin/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Kontaktanfragen" })).toBeVisible();
  await page.getByLabel("Nach Name suchen").fill(name);
  await page.getByRole("button", { name: "Suchen" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Neu");
  await expectAccessible(page);

  // Opening a new message is a POST that marks it read and then shows it: with and without JS.
  await row.getByRole("button", { name: `Anzeigen: Nachricht von ${name}` }).click();
  await expect(page).toHaveURL(/message=/);
  const dialog = page.getByRole("dialog", { name: `Nachricht von ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("ich habe eine Frage zum Retreat.");
  await expect(page.getByText("Nachricht aktualisiert")).toBeVisible();
  await expect(page.getByText("Die Nachricht wurde als gelesen markiert.")).toBeVisible();
  await expect(page.getByRole("dialog").getByTestId("message-status")).toHaveText("Gelesen");
  await expect(page.getByRole("dialog").getByRole("button", { name: "Als gelesen markieren" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("dialog").getByRole("link", { name: "Schließen" }).last().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Gelesen");
});

test("newsletter subscribers: search with total, German status, CSV export for Excel", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const email = `abo-${unique()}@example.com`;
  await page.goto("/newsletter");
  const form = page.getByRole("main");
  await form.getByLabel("Vorname (optional)").fill("=1+2");
  await form.getByLabel("Nachname (optional)").fill("Müller; Söhne");
  await form.getByLabel("Deine Mailadresse").fill(email);
  await form.getByRole("button", { name: "Abonnieren" }).click();
  await expect(page.getByText("Erfolgreich angemeldet!").or(page.getByText(/Bestätig/).first())).toBeVisible();

  await signIn({ admin: true });
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter-Abonnenten" })).toBeVisible();
  await expect(page.getByTestId("newsletter-total")).toContainText(/Gesamt: \d+/);
  await page.getByLabel("Nach E-Mail suchen").fill(email);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByTestId("newsletter-total")).toHaveText(`Gesamt: 1 Adresse für „${email}“, davon 0 angemeldet`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Bestätigung ausstehend");
  await expectAccessible(page);

  const csvLink = page.getByRole("link", { name: "CSV exportieren" });
  await expect(csvLink).toHaveAttribute("href", `/admin/newsletter.csv?q=${encodeURIComponent(email)}`);
  const response = await page.request.get((await csvLink.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(
    /^attachment; filename="newsletter-abonnenten-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const body = await response.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = body.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe("E-Mail;Vorname;Nachname;Status;Angemeldet am");
  expect(lines[1]).toMatch(
    new RegExp(
      `^${email.replace(/[.]/g, "\\.")};'=1\\+2;"Müller; Söhne";Bestätigung ausstehend;\\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2}$`,
    ),
  );
  expect(lines[2]).toBe("");
});

test("user profiles: table, newest first, and the details dialog", async ({ page, signIn }) => {
  test.setTimeout(60_000);
  const { email } = await signIn({ admin: true });
  await page.goto("/admin/profiles");
  await expect(page.getByRole("heading", { level: 1, name: "User Profiles" })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["Name", "Email", "Created", "Actions"]);
  await expect(page.getByRole("columnheader").nth(1).locator("[lang=en]")).toHaveText("Email");
  await expect(page.getByRole("heading", { level: 1 }).locator("[lang=en]")).toHaveText("User Profiles");
  await expect(page.getByRole("region", { name: "User Profiles" }).locator("caption [lang=en]")).toHaveText(
    "User Profiles",
  );
  await expectAccessible(page);

  await page.getByLabel("Nach Name oder E-Mail suchen").fill(email);
  await page.getByRole("button", { name: "Suchen" }).click();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Erika Muster");
  await expect(row.getByRole("link", { name: `View Details: ${email}` })).toHaveAttribute("lang", "en");
  await row.getByRole("link", { name: `View Details: ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Profile Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Profile Details" }).locator("[lang=en]")).toHaveCount(1);
  await expect(dialog).toContainText("Erika Muster");
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText(/Erstellt am\d{2}\.\d{2}\.\d{4}/);
  // The keyboard stays in the dialog, with JavaScript (a modal dialog) and without (the page
  // behind is inert): Tab never reaches the page behind it.
  const outside: string[] = [];
  let inside = 0;
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return "body";
      return active.closest("dialog") ? "dialog" : active.outerHTML.slice(0, 80);
    });
    if (where === "dialog") inside++;
    else if (where !== "body") outside.push(where);
  }
  expect(outside).toEqual([]);
  expect(inside).toBeGreaterThan(3);
  // Fields that are empty are left out.
  await expect(dialog.getByText("Adresse")).toHaveCount(0);
  await expect(dialog.getByText("Telefon")).toHaveCount(0);
  await expectAccessible(page);
});
