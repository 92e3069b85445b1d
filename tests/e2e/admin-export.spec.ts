import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import iconv from "iconv-lite";
import { addToCart } from "./support/shop";
import { expect, expectAccessible, test } from "./support/fixtures";
import { markPaidOnItsPage } from "./support/admin-orders";

// Seed: 14,90 € at 19 %, shipped.
const MUG = "/products/b0000000-0000-4000-8000-000000000007";

async function checkout(page: Page) {
  await page.goto("/checkout");
  await page.getByLabel("Straße und Hausnummer").fill("Sonnenallee 7");
  await page.getByLabel("PLZ").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Land").fill("Deutschland");
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

test.describe("accountant's export", () => {
  test("the admin downloads this month's DATEV batch and finds the invoice of a paid order", async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    await signIn();
    await addToCart(page, MUG);
    const orderId = await checkout(page);

    // A member is turned away from the download like from every admin route.
    const denied = await page.request.get("/admin/export/buchungsstapel.csv", { maxRedirects: 0 });
    expect(denied.status()).toBe(302);
    expect(denied.headers().location).toBe("/dashboard");

    await signIn({ admin: true });
    await page.goto(`/admin/orders?order=${orderId}`);
    await markPaidOnItsPage(page);
    await expect(page.getByText("Der Bestellstatus wurde auf „Abgeschlossen“ geändert.")).toBeVisible();
    const invoiceLink = page.getByRole("link", { name: /^Rechnung RE-\d{4}-\d{6} \(PDF\)$/ });
    const invoiceNumber = (await invoiceLink.textContent())!.match(/RE-\d{4}-\d{6}/)![0];

    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Admin-Navigation" })
      .getByRole("link", { name: "Export Buchhaltung" })
      .click();
    await expect(page).toHaveURL(/\/admin\/export$/);
    await expect(page.getByRole("heading", { name: "Export für die Buchhaltung" })).toBeVisible();
    await expect(page.getByRole("cell", { name: invoiceNumber, exact: true })).toBeVisible();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Buchungsstapel (DATEV) herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^EXTF_Buchungsstapel_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = iconv.decode(readFileSync((await download.path())!), "win1252");
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;/);
    const booking = lines.find((line) => line.includes(`"${invoiceNumber}"`));
    expect(booking).toBeDefined();
    expect(booking!.split(";").slice(0, 8)).toEqual(["14,90", '"S"', '"EUR"', "", "", "", "10000", "8400"]);

    const zipLink = page.getByRole("link", { name: "Rechnungen als ZIP herunterladen" });
    const zip = await page.request.get((await zipLink.getAttribute("href"))!);
    expect(zip.status()).toBe(200);
    expect(zip.headers()["content-type"]).toBe("application/zip");
    expect(Object.keys(unzipSync(new Uint8Array(await zip.body())))).toContain(`${invoiceNumber}-Rechnung.pdf`);
  });

  test("a range whose start lies after its end gets a German message, not a file", async ({ page, signIn }) => {
    await signIn({ admin: true });
    await page.goto("/admin/export");
    await page.getByLabel("Von").fill("2026-05-02");
    await page.getByLabel("Bis").fill("2026-05-01");
    await page.getByRole("button", { name: "Zeitraum wählen" }).click();
    await expect(page).toHaveURL(/von=2026-05-02&bis=2026-05-01/);
    await expect(page.getByRole("alert").filter({ hasText: "Bitte wähle einen anderen Zeitraum." })).toContainText(
      "„Von“ darf nicht nach „Bis“ liegen.",
    );
    await expect(page.getByRole("link", { name: "Buchungsstapel (DATEV) herunterladen" })).toHaveCount(0);
    // What was typed stays, to be corrected; both fields say they are wrong and why (WCAG 3.3.1).
    await expect(page.getByLabel("Von")).toHaveValue("2026-05-02");
    await expect(page.getByLabel("Bis")).toHaveValue("2026-05-01");
    for (const label of ["Von", "Bis"]) {
      await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(label)).toHaveAccessibleDescription("„Von“ darf nicht nach „Bis“ liegen.");
    }
    // Without JavaScript the page is new, and focus starts at the first field to correct.
    if (test.info().project.name === "js-off") await expect(page.getByLabel("Von")).toBeFocused();

    const csv = await page.request.get("/admin/export/buchungsstapel.csv?von=2026-13-01&bis=2026-05-01");
    expect(csv.status()).toBe(400);
    expect(await csv.text()).toBe("Bitte gib für „Von“ und „Bis“ gültige Daten an.");
  });
});
