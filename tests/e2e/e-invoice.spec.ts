import type { Page } from "@playwright/test";
import { addToCart } from "./support/shop";
import { pdfText } from "../../app/server/orders/fixtures/pdf-text";
import { inspectPdf, validateCii } from "../../app/server/orders/fixtures/cii-schema";
import { expect, expectAccessible, mailsTo, test } from "./support/fixtures";

// E-invoices for business customers (issue 28): Firma and USt-IdNr. at checkout, on the invoice
// PDF, and in the EN 16931 XML that the PDF carries and that can be downloaded alone.
const BOOK = "/products/b0000000-0000-4000-8000-000000000001";
const VAT_ID_ERROR = "Bitte gib eine gültige USt-IdNr. ein: Länderkürzel und Nummer, z. B. DE123456789.";
const COMPANY = "Glück & Co. KG";

async function fillAddress(page: Page) {
  await page.goto("/checkout");
  await page.getByLabel(/^Straße und Hausnummer\*?$/).fill("Sonnenallee 7");
  await page.getByLabel(/^PLZ\*?$/).fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel(/^Land\*?$/).fill("Deutschland");
}

async function confirmPayment(page: Page, orderId: string) {
  await page.goto(`/admin/orders?order=${orderId}`);
  const payment = page.getByRole("region", { name: "Zahlung" });
  await payment.getByLabel("Eingegangener Betrag (€)").fill("24,90");
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(page.getByText("Zahlung erfasst")).toBeVisible();
  await expect(page.getByTestId("order-detail-status")).toHaveText("Abgeschlossen");
}

test("a company order with a VAT id: invoice PDF names both, the XML downloads and validates", async ({
  page,
  signIn,
}) => {
  test.setTimeout(180_000);
  const { email } = await signIn();
  await addToCart(page, BOOK);
  await fillAddress(page);
  await page.getByLabel("Firma (optional)").fill(COMPANY);
  await page.getByLabel("USt-IdNr. (optional)").fill("de 123 456 789");
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").pop()!;
  // The order page and its mail name the buyer as the invoice will.
  await expect(page.getByRole("main")).toContainText(COMPANY);
  await expect(page.getByRole("main")).toContainText("USt-IdNr.: DE123456789");
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  expect(mailsTo(email)[0].text).toContain(COMPANY);
  expect(mailsTo(email)[0].text).toContain("USt-IdNr.: DE123456789");

  await signIn({ admin: true });
  await confirmPayment(page, orderId);
  const customer = page.getByRole("region", { name: "Kunde" });
  await expect(customer).toContainText(COMPANY);
  await expect(customer).toContainText("DE123456789");
  const adminXml = page.getByRole("link", { name: /^E-Rechnung RE-\d{4}-\d{6} \(XML\)$/ });
  await expect(adminXml).toBeVisible();
  expect((await page.request.get((await adminXml.getAttribute("href"))!)).status()).toBe(200);

  await signIn({ email });
  await page.goto("/dashboard");
  const pdfLink = page.getByRole("link", { name: /^Rechnung RE-\d{4}-\d{6} herunterladen \(PDF\)$/ });
  await expect(pdfLink).toBeVisible();
  const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  const pdfBytes = await pdf.body();
  const text = await pdfText(pdfBytes);
  expect(text).toContain(COMPANY);
  expect(text).toContain("USt-IdNr.: DE123456789");

  const xmlLink = page.getByRole("link", { name: /^E-Rechnung RE-\d{4}-\d{6} \(XML\)$/ });
  const xmlResponse = await page.request.get((await xmlLink.getAttribute("href"))!);
  expect(xmlResponse.status()).toBe(200);
  expect(xmlResponse.headers()["content-type"]).toContain("application/xml");
  const xml = await xmlResponse.text();
  expect(await validateCii(xml)).toEqual({ valid: true, errors: [] });
  expect(xml).toContain("Glück &amp; Co. KG");
  expect(xml).toContain("DE123456789");
  // Paid in full when issued: nothing due, so the buyer's accounts payable pays nothing again; the
  // payment reference is the order's Verwendungszweck, as on the confirmation page.
  expect(xml).toMatch(
    /<ram:GrandTotalAmount>(\d+\.\d\d)<\/ram:GrandTotalAmount>\s*<ram:TotalPrepaidAmount>\1<\/ram:TotalPrepaidAmount>\s*<ram:DuePayableAmount>0\.00</,
  );
  expect(xml).toContain(`<ram:PaymentReference>${orderId.slice(0, 8)}</ram:PaymentReference>`);
  // The PDF carries the same XML as factur-x.xml and is structurally sound.
  const { check, facturX } = inspectPdf(pdfBytes);
  expect(check).toContain("No syntax or stream encoding errors found");
  expect(facturX).toBe(xml);

  const xrechnung = page.getByRole("link", { name: /^XRechnung RE-\d{4}-\d{6} \(XML\)$/ });
  const xr = await (await page.request.get((await xrechnung.getAttribute("href"))!)).text();
  expect(await validateCii(xr)).toEqual({ valid: true, errors: [] });
  expect(xr).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");

  // Someone else gets neither (RLS): not found.
  await signIn();
  expect((await page.request.get((await xmlLink.getAttribute("href"))!)).status()).toBe(404);
});

test("@phone a VAT id of the wrong shape: German error, typed values kept; the corrected retry goes through (keyboard)", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await addToCart(page, BOOK);
  await fillAddress(page);
  const company = page.getByLabel("Firma (optional)");
  const vatId = page.getByLabel("USt-IdNr. (optional)");
  await company.focus();
  await page.keyboard.type(COMPANY);
  await page.keyboard.press("Tab");
  await expect(vatId).toBeFocused();
  await page.keyboard.type("DE12345678");
  await page.keyboard.press("Enter");
  await expect(page.getByText(VAT_ID_ERROR)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(company).toHaveValue(COMPANY);
  await expect(vatId).toHaveValue("DE12345678");
  await expect(page.getByLabel(/^Straße und Hausnummer\*?$/)).toHaveValue("Sonnenallee 7");
  await expect(vatId).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await vatId.focus();
  await page.keyboard.press("End");
  await page.keyboard.type("9");
  // Enter in a field checks the form but never orders (§ 312j BGB): the button below the summary does.
  await page.keyboard.press("Enter");
  await expect(page.getByText("Noch nicht bestellt")).toBeVisible();
  await expect(page.getByText(VAT_ID_ERROR)).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  // The button by keyboard, once the answer has settled (a button pressed while the form is still
  // pending ignores the press): Playwright focuses the button the page shows now, then presses Enter.
  const order = page.getByRole("button", { name: "Zahlungspflichtig bestellen" });
  await expect(order).not.toHaveAttribute("aria-disabled", "true");
  await order.press("Enter");
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);

  // Stored in the profile too, and the next checkout is prefilled from it.
  await page.goto("/dashboard?tab=profile");
  await expect(page.getByRole("tabpanel")).toContainText(COMPANY);
  await expect(page.getByRole("tabpanel")).toContainText("DE123456789");
  await addToCart(page, BOOK);
  await page.goto("/checkout");
  await expect(page.getByLabel("Firma (optional)")).toHaveValue(COMPANY);
  await expect(page.getByLabel("USt-IdNr. (optional)")).toHaveValue("DE123456789");
});

test("the profile keeps Firma and USt-IdNr.; a wrong VAT id is refused next to the field", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/dashboard?tab=profile");
  await page.getByRole("link", { name: "Bearbeiten" }).click();
  await page.getByLabel("Firma (optional)").fill(COMPANY);
  await page.getByLabel("USt-IdNr. (optional)").fill("ATU1234567");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(VAT_ID_ERROR)).toBeVisible();
  await expect(page.getByLabel("Firma (optional)")).toHaveValue(COMPANY);
  await expect(page.getByLabel("USt-IdNr. (optional)")).toHaveValue("ATU1234567");

  await page.getByLabel("USt-IdNr. (optional)").fill("atu 12345678");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  const panel = page.getByRole("tabpanel");
  await expect(panel).toContainText(COMPANY);
  await expect(panel).toContainText("ATU12345678");
});
