import { orderEvent } from "./members-support";
import { expect, test } from "./support/fixtures";

test("'Stornieren' in the order list asks first; 'Abbrechen' changes nothing", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn({ admin: true });
  const { orderId } = await orderEvent(page, 1);
  const short = `${orderId.slice(0, 8)}…`;
  await page.goto(`/admin/orders?q=${encodeURIComponent("Erika")}`);
  const row = page.getByRole("row").filter({ hasText: short });
  await row.getByText("Aktionen").click();
  await row.getByRole("button", { name: "Stornieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Bestellung stornieren?" });
  await expect(dialog).toContainText(short);
  await dialog.getByRole("link", { name: "Abbrechen" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: short }).getByTestId("order-status")).toHaveText("Ausstehend");

  // With JS the menu stayed open across the dialog (same page); without JS the page was reloaded.
  const menu = page.getByRole("row").filter({ hasText: short }).locator("details");
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.getByText("Aktionen").click();
  await page.getByRole("row").filter({ hasText: short }).getByRole("button", { name: "Stornieren" }).click();
  await page
    .getByRole("dialog", { name: "Bestellung stornieren?" })
    .getByRole("button", { name: "Stornieren" })
    .click();
  await expect(page.getByText("Status aktualisiert")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: short }).getByTestId("order-status")).toHaveText("Storniert");
  // The order item type reads in German on the detail view.
  await page
    .getByRole("row")
    .filter({ hasText: short })
    .getByRole("link", { name: `${short} Details anzeigen` })
    .click();
  await expect(page.getByRole("table", { name: "Bestellpositionen" })).toContainText("Veranstaltung");
});

test("an event's description and ISO date, entered in the admin form, show on the public page", async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn({ admin: true });
  const title = `Herbstabend ${Date.now().toString(36)}`;
  await page.goto("/admin/events/new");
  await expect(page.getByRole("link", { name: "Zurück zu den Veranstaltungen" })).toBeVisible();
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Kategorie").fill("Community");
  await page.getByLabel("Datum").fill("2027-09-12");
  await page.getByLabel("Uhrzeit").fill("18:00 – 21:00 Uhr");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Beschreibung (optional)").fill("Ein Abend voller Dankbarkeit und Begegnung.");
  await page.getByLabel("Bild-URL").fill("/images/catalog/sommerfest.svg");
  await page.getByRole("button", { name: /Speichern|Erstellen|Anlegen/ }).click();
  await expect(page.getByText("Veranstaltung erstellt")).toBeVisible();

  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("12.09.2027");
  const editHref = await row.getByRole("link", { name: title, exact: true }).getAttribute("href");
  await page.goto(`/events/${editHref!.split("/").pop()}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("12.09.2027");
  await expect(page.getByRole("main")).toContainText("Ein Abend voller Dankbarkeit und Begegnung.");
});
