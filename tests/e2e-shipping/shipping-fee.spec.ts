import { addToCart } from "../e2e/support/shop";
import { pdfText } from "../../app/server/orders/fixtures/pdf-text";
import { sidewaysProblems } from "../e2e/support/layout";
import { expect, mailsTo, test } from "../e2e/support/fixtures";

// The server runs with SHIPPING_FEE=4,90 (playwright.shipping.config.ts). Seed: the book 24,90 €
// (7 %, shipped), the mug 14,90 € (19 %, shipped), the e-book (not shipped); buyers hold no membership.
const BOOK = "/products/b0000000-0000-4000-8000-000000000001";
const MUG = "/products/b0000000-0000-4000-8000-000000000007";
const EBOOK = "/products/b0000000-0000-4000-8000-000000000008";

test("a shipped product's price says 'zzgl. 4,90 € Versand', linked to the terms that name the fee", async ({
  page,
}) => {
  await page.goto(BOOK);
  const terms = page.locator(".price-terms").first();
  await expect(terms).toContainText("inkl. MwSt.");
  await expect(terms.getByRole("link", { name: "zzgl. 4,90 € Versand" })).toHaveAttribute("href", "/agb#versand");
  await expect(terms).not.toContainText("Versandkostenfrei");
  await page.goto(EBOOK);
  await expect(page.locator(".price-terms").first()).toHaveText("inkl. MwSt.");
  await page.goto("/agb#versand");
  await expect(page.locator("#versand")).toContainText("einmalig pauschal 4,90 € Versandkosten");
});

test("cart → checkout → confirmation and mail → admin completes → invoice: 'Versand 4,90 €' once, in every total", async ({
  page,
  signIn,
}) => {
  test.setTimeout(150_000);
  const { email } = await signIn();
  await addToCart(page, BOOK);
  await addToCart(page, MUG);

  // Cart: subtotal, the shipping line, the total with it.
  await page.goto("/cart");
  await expect(page.getByRole("definition").filter({ hasText: "39,80" }).first()).toBeVisible();
  await expect(page.locator("dl")).toContainText(/Versand\s*4,90\s€/);
  await expect(page.getByTestId("cart-total")).toHaveText(/44,70\s€/);

  // The extra line fits on a phone: nothing scrolls sideways at 320 or 390 px.
  const viewport = page.viewportSize()!;
  expect(await sidewaysProblems(page, ["/cart", "/checkout"], [320, 390])).toEqual([]);
  await page.setViewportSize(viewport);

  // Checkout: the line stands in the summary above the order button (§ 312j BGB).
  await page.goto("/checkout");
  const summary = page.getByRole("region", { name: "Deine Bestellung" });
  await expect(summary.getByTestId("checkout-shipping")).toHaveText(/Versand\s*4,90\s€/);
  await expect(summary.getByTestId("checkout-total")).toHaveText(/44,70\s€/);
  const button = page.getByRole("button", { name: "Zahlungspflichtig bestellen" });
  const [line, b] = await Promise.all([summary.getByTestId("checkout-shipping").boundingBox(), button.boundingBox()]);
  expect(line!.y + line!.height).toBeLessThanOrEqual(b!.y);
  await page.getByLabel(/^Straße und Hausnummer\*?$/).fill("Sonnenallee 7");
  await page.getByLabel(/^PLZ\*?$/).fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel(/^Land\*?$/).fill("Deutschland");
  await button.click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").pop()!;
  expect(await sidewaysProblems(page, [`/order-confirmation/${orderId}`], [320, 390])).toEqual([]);
  await page.setViewportSize(viewport);
  await page.goto(`/order-confirmation/${orderId}`);

  // Confirmation: the line, the total, and the transfer (and GiroCode) over the total.
  await expect(page.getByTestId("order-shipping")).toHaveText(/4,90\s€/);
  await expect(page.getByTestId("order-total")).toHaveText(/44,70\s€/);
  await expect(page.getByTestId("bank-transfer")).toContainText("Bitte überweise 44,70 €");

  // The order mail, text and HTML.
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  const orderMail = mailsTo(email)[0];
  expect(orderMail.text).toMatch(/Versand: 4,90\s€/);
  expect(orderMail.text).toMatch(/<td>Versand<\/td><td><\/td><td style="text-align:right">4,90\s€<\/td>/);
  expect(orderMail.text).toMatch(/Gesamt: 44,70\s€ \(inkl\. MwSt\.\)/);
  expect(orderMail.text).toMatch(/Bitte überweise 44,70\s€/);
  expect(orderMail.text).not.toContain("versandkostenfrei");

  // The admin sees the line on the order and confirms the payment there.
  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  await expect(page.getByText("Versand: 4,90 €")).toBeVisible();
  await expect(page.getByText("Gesamt: 44,70 €")).toBeVisible();
  await page.goto("/admin/orders?filter=open");
  await page.getByLabel("Nach Name oder E-Mail suchen").fill(email);
  await page.getByRole("button", { name: "Suchen" }).click();
  const row = page.getByRole("row").filter({ hasText: `${orderId.slice(0, 8)}…` });
  await expect(row).toContainText("44,70 €");
  await row.getByText("Aktionen").click();
  await row.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await page
    .getByRole("dialog", { name: "Zahlung als eingegangen buchen?" })
    .getByRole("button", { name: "Zahlung eingegangen" })
    .click();
  await expect(page.getByText("Der Bestellstatus wurde auf „Abgeschlossen“ geändert.")).toBeVisible();

  // The invoice: shipping as its own line at the rate of the shipped goods (the higher one, 19 %).
  await page.goto(`/admin/orders?order=${orderId}`);
  const invoiceLink = page.getByRole("link", { name: /^Rechnung RE-\d{4}-\d{6} \(PDF\)$/ });
  const pdf = await page.request.get((await invoiceLink.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text).toMatch(/Versand\s+3\s+1\s+4,90\s€\s+19 %\s+4,90\s€/);
  // 19 %: 14,90 + 4,90 = 19,80 → 16,64 net + 3,16 VAT; 7 %: 24,90 → 23,27 net + 1,63 VAT.
  expect(text).toMatch(/Nettobetrag 19 %\s+16,64\s€/);
  expect(text).toMatch(/Umsatzsteuer 19 %\s+3,16\s€/);
  expect(text).toMatch(/Gesamtbetrag\s+44,70\s€/);
  expect(text).not.toContain("versandkostenfrei");

  // The customer's dashboard lists the line with the order.
  await signIn({ email });
  await page.goto("/dashboard");
  await expect(page.getByTestId("order-shipping").first()).toHaveText(/4,90\s€/);
});

test("an order with nothing to ship pays no shipping", async ({ page, signIn }) => {
  await signIn();
  await addToCart(page, EBOOK);
  await page.goto("/checkout");
  const summary = page.getByRole("region", { name: "Deine Bestellung" });
  await expect(summary).toContainText("1 × ");
  await expect(summary.getByTestId("checkout-shipping")).toHaveCount(0);
  await page.getByLabel(/^Straße und Hausnummer\*?$/).fill("Sonnenallee 7");
  await page.getByLabel(/^PLZ\*?$/).fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel(/^Land\*?$/).fill("Deutschland");
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-shipping")).toHaveCount(0);
});
