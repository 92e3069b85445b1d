import type { Page } from "@playwright/test";
import { berlinDay } from "./support/dates";
import { addToCart } from "./support/shop";
import { pdfText } from "../../app/server/orders/fixtures/pdf-text";
import { expect, expectAccessible, mailsTo, test } from "./support/fixtures";

// Seed: regular prices 24,90 € (7 %, shipped) and 14,90 € (19 %, shipped); the buyers here hold no
// membership, so they pay the regular price.
const BOOK = "/products/b0000000-0000-4000-8000-000000000001";
const MUG = "/products/b0000000-0000-4000-8000-000000000007";
const IBAN = "DE89 3704 0044 0532 0130 00";
/** The Berlin day `days` from now as dd.mm.yyyy: the payment deadline is placed + 14 days. */
const germanDayIn = (days: number) => berlinDay(new Date(Date.now() + days * 86_400_000));
const DUE_SENTENCE = (day: string) =>
  new RegExp(
    `bis zum ${day.replaceAll(".", "\\.")}\\s+auf\\s+folgendes\\s+Konto\\.\\s+Geht\\s+bis\\s+dahin\\s+keine\\s+Zahlung\\s+ein,\\s+stornieren\\s+wir\\s+die\\s+Bestellung\\.`,
  );

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

test("order → bank transfer with GiroCode → admin confirms payment → invoice PDF and mails", async ({
  page,
  signIn,
}) => {
  test.setTimeout(150_000);
  const { email } = await signIn();
  await addToCart(page, BOOK);
  await addToCart(page, MUG);
  const orderId = await checkout(page);
  const number = orderId.slice(0, 8);

  // The confirmation page: "Bitte überweise …" with everything a transfer needs, and the GiroCode.
  const payment = page.getByTestId("bank-transfer");
  await expect(payment).toContainText("Bitte überweise 39,80 €");
  // The concrete deadline, and what happens after it.
  await expect(payment).toContainText(DUE_SENTENCE(germanDayIn(14)));
  await expect(payment).toContainText(IBAN);
  await expect(payment).toContainText("COBADEFFXXX");
  await expect(payment).toContainText("BeHappy GmbH");
  await expect(payment.getByText(number, { exact: true })).toBeVisible();
  const qr = page.getByRole("img", { name: "GiroCode für die Überweisung" });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
  await expectAccessible(page);

  // The order mail: the same details and the GiroCode as an inline image (CID attachment).
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  const orderMail = mailsTo(email)[0];
  expect(orderMail.text).toMatch(/Bitte überweise 39,80\s€/);
  expect(orderMail.text).toMatch(DUE_SENTENCE(germanDayIn(14)));
  expect(orderMail.text).toContain(`IBAN: ${IBAN}`);
  expect(orderMail.text).toContain(`Verwendungszweck: ${number}`);
  expect(orderMail.text).toContain('src="cid:girocode@behappy"');
  expect(orderMail.raw).toMatch(/Content-Type: image\/png/);
  expect(orderMail.raw).toMatch(/Content-ID: <girocode@behappy>/);

  // The admin finds it among the open payments and confirms the payment.
  await signIn({ admin: true });
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "Offene Zahlungen" }).click();
  await expect(page).toHaveURL(/filter=open/);
  await expect(page.getByTestId("open-sum")).toContainText("Summe offener Zahlungen:");
  await page.getByLabel("Nach Name oder E-Mail suchen").fill(email);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/filter=open/);
  await expect(page.getByTestId("open-sum")).toHaveText("Summe offener Zahlungen: 39,80 €");
  const row = page.getByRole("row").filter({ hasText: `${orderId.slice(0, 8)}…` });
  // "Stornieren" asks first, in the filtered list it was pressed in; "Abbrechen" stays there too.
  await row.getByText("Aktionen").click();
  await row.getByRole("button", { name: "Stornieren" }).click();
  await expect(page).toHaveURL(/filter=open/);
  await expect(page.getByText("Bestellung stornieren?")).toBeVisible();
  await page.getByRole("link", { name: "Abbrechen" }).click();
  await expect(page).toHaveURL(/filter=open/);
  await expect(page.getByText("Bestellung stornieren?")).toHaveCount(0);
  // Its detail page leads back to the filtered list.
  await page.getByRole("link", { name: `${orderId.slice(0, 8)}… Details anzeigen` }).click();
  await page.getByRole("link", { name: "Zurück zur Liste" }).click();
  await expect(page).toHaveURL(/filter=open/);
  await expect(page.getByTestId("open-sum")).toHaveText("Summe offener Zahlungen: 39,80 €");
  await row.getByText("Aktionen").click();
  await row.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(page).toHaveURL(/filter=open/);
  await page
    .getByRole("dialog", { name: "Zahlung als eingegangen buchen?" })
    .getByRole("button", { name: "Zahlung eingegangen" })
    .click();
  await expect(page.getByText("Der Bestellstatus wurde auf „Abgeschlossen“ geändert.")).toBeVisible();
  // No longer open: the filtered list is empty and sums to zero.
  await expect(page.getByTestId("open-sum")).toHaveText("Summe offener Zahlungen: 0,00 €");

  await page.goto(`/admin/orders?order=${orderId}`);
  const adminInvoice = page.getByRole("link", { name: /^Rechnung RE-\d{4}-\d{6} \(PDF\)$/ });
  await expect(adminInvoice).toBeVisible();
  const invoiceNumber = (await adminInvoice.textContent())!.match(/RE-\d{4}-\d{6}/)![0];
  const adminPdf = await page.request.get((await adminInvoice.getAttribute("href"))!);
  expect(adminPdf.status()).toBe(200);

  // The customer gets "Zahlung eingegangen" with the invoice attached …
  await expect.poll(() => mailsTo(email).filter((m) => m.text.includes("Zahlung eingegangen")).length).toBe(1);
  const paidMail = mailsTo(email).find((m) => m.text.includes("Zahlung eingegangen"))!;
  expect(paidMail.text).toContain(`Rechnung ${invoiceNumber}`);
  expect(paidMail.raw).toMatch(new RegExp(`filename="?${invoiceNumber}\\.pdf`));
  expect(paidMail.raw).toMatch(/Content-Type: application\/pdf/);

  // … and downloads it from the dashboard.
  await signIn({ email });
  await page.goto("/dashboard");
  const link = page.getByRole("link", { name: `Rechnung ${invoiceNumber} herunterladen (PDF)` });
  await expect(link).toBeVisible();
  const response = await page.request.get((await link.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(await response.body());
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(number);
  expect(text).toContain("Dankbarkeitstagebuch");
  expect(text).toContain("BeHappy Tasse");
  // 7 %: 24,90 → 23,27 net + 1,63 VAT; 19 %: 14,90 → 12,52 net + 2,38 VAT.
  expect(text).toMatch(/Nettobetrag 7 %\s+23,27\s€/);
  expect(text).toMatch(/Umsatzsteuer 7 %\s+1,63\s€/);
  expect(text).toMatch(/Nettobetrag 19 %\s+12,52\s€/);
  expect(text).toMatch(/Umsatzsteuer 19 %\s+2,38\s€/);
  expect(text).toMatch(/Gesamtbetrag\s+39,80\s€/);

  // Someone else cannot read it (RLS): not found.
  await signIn();
  const foreign = await page.request.get((await link.getAttribute("href"))!);
  expect(foreign.status()).toBe(404);
});

test("a 0,00 € order needs no payment and says so", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/join");
  const response = await page.request.post("/cart", {
    form: { intent: "plan", planId: "a0000000-0000-4000-8000-000000000001", redirectTo: "/join" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  // The order page promises no bank transfer for nothing.
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-payment")).toHaveText("Für diese Bestellung ist keine Zahlung nötig.");
  await checkout(page);
  await expect(page.getByText("Für diese Bestellung ist keine Zahlung nötig (Gesamtbetrag 0,00 €).")).toBeVisible();
  await expect(page.getByTestId("bank-transfer")).toHaveCount(0);
});

test("every price says what it includes; shipped products link the shipping terms (PAngV)", async ({ page }) => {
  await page.goto(BOOK);
  const terms = page.locator(".price-terms").first();
  await expect(terms).toContainText("inkl. MwSt.");
  const shipping = terms.getByRole("link", { name: "Versandkostenfrei" });
  await expect(shipping).toHaveAttribute("href", "/agb#versand");
  // A download is not shipped: VAT note, no shipping terms.
  await page.goto("/products/b0000000-0000-4000-8000-000000000008");
  await expect(page.locator(".price-terms").first()).toHaveText("inkl. MwSt.");
  // Catalogue cards and the plans carry it too.
  await page.goto("/products");
  await expect(page.locator(".price-terms").first()).toContainText("inkl. MwSt.");
  await page.goto("/join");
  await expect(page.locator(".price-terms").first()).toContainText("inkl. MwSt.");
  // The linked section explains the shipping terms.
  await page.goto("/agb#versand");
  await expect(page.getByRole("heading", { name: "§ 5 Versand und Lieferung" })).toBeVisible();
  await expect(page.locator("#versand")).toContainText("versandkostenfrei");
});

test("@phone on a 390 px phone the order summary and the terms stand directly above the order button", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn();
  await addToCart(page, BOOK);
  await page.goto("/checkout");
  const summary = page.getByRole("region", { name: "Deine Bestellung" });
  await expect(summary).toContainText("1 × Dankbarkeitstagebuch");
  await expect(summary.getByTestId("checkout-total")).toHaveText(/24,90\s€/);
  await expect(summary.locator(".price-terms")).toContainText("inkl. MwSt.");
  // The way back to the cart is a target a thumb hits (WCAG 2.5.8: at least 24 px high).
  expect(
    (await summary.getByRole("link", { name: "Warenkorb bearbeiten" }).boundingBox())!.height,
  ).toBeGreaterThanOrEqual(24);
  const button = page.getByRole("button", { name: "Zahlungspflichtig bestellen" });
  const terms = page.getByTestId("checkout-terms");
  const [s, t, b] = await Promise.all([summary.boundingBox(), terms.boundingBox(), button.boundingBox()]);
  expect(s && t && b).toBeTruthy();
  // Order on screen: summary, then terms, then the button, with nothing in between.
  expect(s!.y + s!.height).toBeLessThanOrEqual(t!.y);
  expect(t!.y + t!.height).toBeLessThanOrEqual(b!.y);
  expect(t!.y - (s!.y + s!.height)).toBeLessThan(48);
  expect(b!.y - (t!.y + t!.height)).toBeLessThan(48);
  // And in the document: the button is the next element after the terms, the terms after the summary.
  const order = await page.evaluate(() => {
    const button = [...document.querySelectorAll("button")].find((el) => el.textContent?.includes("Zahlungspflichtig"));
    const terms = button?.previousElementSibling;
    return [terms?.getAttribute("data-testid"), terms?.previousElementSibling?.getAttribute("aria-labelledby")];
  });
  expect(order).toEqual(["checkout-terms", "summary-heading"]);
});

test("a shipped product asks for the delivery address; a different one shows on confirmation, mail and admin order", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { email } = await signIn();
  await addToCart(page, MUG);
  await page.goto("/checkout");
  const delivery = page.getByRole("group", { name: "Lieferadresse" });
  await expect(delivery.getByLabel("Lieferadresse weicht ab")).not.toBeChecked();
  await page.getByLabel(/^Straße und Hausnummer\*?$/).fill("Sonnenallee 7");
  await page.getByLabel(/^PLZ\*?$/).fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel(/^Land\*?$/).fill("Deutschland");
  // Checked but empty: German errors, typed values kept.
  await delivery.getByLabel("Lieferadresse weicht ab").check();
  await delivery.getByLabel("Empfänger (Lieferung)").fill("Oma Groß");
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page.getByText("Bitte gib Straße und Hausnummer der Lieferadresse ein.")).toBeVisible();
  await expect(delivery.getByLabel("Empfänger (Lieferung)")).toHaveValue("Oma Groß");

  await delivery.getByLabel("Straße, Hausnummer (Lieferung)").fill("Lindenweg 1");
  await delivery.getByLabel("Postleitzahl (Lieferung)").fill("01067");
  await delivery.getByLabel("Ort (Lieferung)").fill("Dresden");
  await delivery.getByLabel("Lieferadresse weicht ab").check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").pop()!;
  await expect(page.getByTestId("delivery-address")).toHaveText(/Oma Groß\s*Lindenweg 1\s*01067 Dresden\s*Deutschland/);

  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  expect(mailsTo(email)[0].text).toMatch(/Lieferadresse:\s+Oma Groß\s+Lindenweg 1\s+01067 Dresden/);

  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  await expect(page.getByTestId("admin-delivery-address")).toHaveText(
    "Oma Groß, Lindenweg 1, 01067 Dresden, Deutschland",
  );
});
