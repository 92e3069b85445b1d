import type { Page } from "@playwright/test";
import { orderEvent, otherBrowser } from "./members-support";
import { expect, expectAccessible, mailsTo, test } from "./support/fixtures";
import { cancelOrderOnItsPage } from "./support/admin-orders";

/**
 * Money after the order (issue 28), as an admin: an unpaid order shows its deadline; "Zahlung
 * eingegangen" takes the amount and day received (a wrong amount is refused with everything typed
 * kept), records a partial payment as it came, keeps the order pending with what is missing filled
 * in, and completes it once the rest is recorded (never dated before the order); a deadline is
 * extended (to a later day, up to a year ahead) and the change is in the audit trail. JavaScript on and off (the projects).
 */

/**
 * The order's day as the admin's detail shows it ("vom 06.12.2026, 19:40"), as a date input takes it.
 * Every expected day is counted from it, not from the test's own clock, so a run across Berlin
 * midnight expects what the shop shows.
 */
async function orderDayOnPage(page: Page) {
  const line = await page
    .getByText(/^vom \d\d\.\d\d\.\d{4}/)
    .first()
    .textContent();
  const [, day, month, year] = line!.match(/^vom (\d\d)\.(\d\d)\.(\d{4})/)!;
  const ordered = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return (days: number) => new Date(ordered + days * 86_400_000).toISOString().slice(0, 10);
}
const german = (iso: string) => iso.split("-").reverse().join(".");

test("a partial payment keeps the order pending until the rest is recorded", async ({
  page,
  browser,
  signIn,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const { email } = await signIn();
  const { orderId } = await orderEvent(page, 1);
  // The customer's order page, in their own browser: what it asks them to transfer as payments come in.
  const { baseURL } = test.info().project.use;
  const customer = await otherBrowser(browser, { baseURL, javaScriptEnabled }, email);
  const transferOnPage = async () => {
    await customer.page.goto(`/order-confirmation/${orderId}`);
    return customer.page.getByRole("region", { name: /^Bezahlung/ });
  };
  const { email: admin } = await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  const dayIn = await orderDayOnPage(page);
  const payment = page.getByRole("region", { name: "Zahlung" });
  await expect(payment.getByTestId("payment-deadline")).toContainText(`Zahlungsfrist bis ${german(dayIn(14))}`);
  await expect(payment.getByText("Noch keine Zahlung erfasst.")).toBeVisible();
  await expectAccessible(page);

  // A wrong amount: refused next to the field, the note kept; then 50,00 € go in.
  await payment.getByLabel("Eingegangener Betrag (€)").fill("fünfzig");
  await payment.getByLabel("Notiz (optional)").fill("Teilzahlung per Überweisung");
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(payment.getByText("Bitte gib einen Betrag wie 129,00 ein.")).toBeVisible();
  await expect(payment.getByLabel("Notiz (optional)")).toHaveValue("Teilzahlung per Überweisung");
  await payment.getByLabel("Eingegangener Betrag (€)").fill("50,00");
  // A day before the order was placed: refused at the field, the amount kept.
  await payment.getByLabel("Eingegangen am").fill(dayIn(-3));
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(payment.getByText(`Der Tag liegt vor der Bestellung vom ${german(dayIn(0))}.`)).toBeVisible();
  await expect(payment.getByLabel("Eingegangener Betrag (€)")).toHaveValue("50,00");
  await payment.getByLabel("Eingegangen am").fill(dayIn(0));
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(page.getByText("Zahlung erfasst")).toBeVisible();
  await expect(
    page.getByText(/^50,00\s€ sind eingegangen; es fehlen noch \d+,\d\d\s€\. Die Bestellung bleibt ausstehend\.$/),
  ).toBeVisible();

  // Paid in part: still pending, and the shop leaves it alone (money came in).
  await expect(page.getByTestId("order-detail-status")).toHaveText("Ausstehend");
  const paid = page.getByRole("region", { name: "Zahlung" });
  await expect(paid.getByTestId("payments")).toHaveText(
    new RegExp(
      `^${german(dayIn(0))}: Zahlung eingegangen 50,00\\s€, erfasst von ${admin} – Teilzahlung per Überweisung$`,
    ),
  );
  await expect(paid.getByTestId("payment-balance")).toHaveText(/^Unterzahlung: Es fehlen \d+,\d\d\s€\.$/);
  const missing = (await paid.getByTestId("payment-balance").textContent())!.match(/(\d+,\d\d)/)![1];
  await expect(paid.getByTestId("payment-deadline")).toHaveText(
    "Es ist schon Geld eingegangen: Der Shop erinnert nicht und storniert diese Bestellung nicht von selbst.",
  );
  // The customer is asked for the rest only, and the GiroCode carries it; no cancellation is threatened.
  const rest = await transferOnPage();
  await expect(rest).toContainText(
    new RegExp(
      `Bisher sind 50,00\\s€ eingegangen\\. Bitte überweise die fehlenden ${missing}\\s€ auf folgendes Konto\\.`,
    ),
  );
  await expect(rest.getByTestId("girocode")).toBeVisible();
  await expect(rest).not.toContainText("stornieren wir");
  // And is told so by mail, with the same rest.
  await expect
    .poll(() => mailsTo(email).some((m) => new RegExp(`Es fehlen noch ${missing}\\s€\\.`).test(m.text)), {
      timeout: 20_000,
    })
    .toBe(true);
  // The form stays, with the rest filled in; recording it completes the order.
  await expect(paid.getByLabel("Eingegangener Betrag (€)")).toHaveValue(missing);
  await paid.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(
    page.getByText(new RegExp(`^${missing}\\s€ sind eingegangen; die Bestellung ist abgeschlossen\\.$`)),
  ).toBeVisible();
  await expect(page.getByTestId("order-detail-status")).toHaveText("Abgeschlossen");
  await expect(paid.getByTestId("payment-balance")).toHaveText("Vollständig bezahlt.");
  // The customer's page now asks for nothing.
  const settled = await transferOnPage();
  await expect(settled).toContainText(/Die Zahlung über \d+,\d\d\s€ ist vollständig eingegangen – vielen Dank\./);
  await expect(settled).not.toContainText("Bitte überweise");
  await customer.context.close();
  // Paid orders have no deadline and no payment form any more.
  await expect(paid.getByTestId("payment-deadline")).toHaveCount(0);
  await expect(paid.getByRole("button", { name: "Zahlung eingegangen" })).toHaveCount(0);

  // Set back to "Ausstehend" (a mistake, or to fix something): money came in, so the shop sets no
  // deadline and will not cancel the order with "keine Zahlung eingegangen".
  await page.getByRole("region", { name: "Status ändern" }).getByRole("button", { name: "Ausstehend" }).click();
  await expect(page.getByTestId("order-detail-status")).toHaveText("Ausstehend");
  await expect(paid.getByTestId("payment-deadline")).toHaveText(
    "Es ist schon Geld eingegangen: Der Shop erinnert nicht und storniert diese Bestellung nicht von selbst.",
  );
  await expect(paid.getByRole("button", { name: "Frist verlängern" })).toHaveCount(0);
});

test("an admin extends a payment deadline, never into the past; the trail and a mail show it", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { email } = await signIn();
  const { orderId } = await orderEvent(page, 1);
  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  const dayIn = await orderDayOnPage(page);
  const payment = page.getByRole("region", { name: "Zahlung" });

  await payment.getByLabel("Neue Zahlungsfrist").fill(dayIn(-1));
  await payment.getByRole("button", { name: "Frist verlängern" }).click();
  await expect(payment.getByText("Die neue Frist muss nach heute liegen.")).toBeVisible();
  await expect(payment.getByLabel("Neue Zahlungsfrist")).toHaveValue(dayIn(-1));
  // "Verlängern" never shortens, and a year is the most (a typo like 2099 is caught).
  await payment.getByLabel("Neue Zahlungsfrist").fill(dayIn(3));
  await payment.getByRole("button", { name: "Frist verlängern" }).click();
  await expect(
    payment.getByText(`Die neue Frist muss nach der bisherigen vom ${german(dayIn(14))} liegen.`),
  ).toBeVisible();
  await payment.getByLabel("Neue Zahlungsfrist").fill("2099-12-31");
  await payment.getByRole("button", { name: "Frist verlängern" }).click();
  await expect(payment.getByText("Die neue Frist darf höchstens ein Jahr nach heute liegen.")).toBeVisible();
  await expect(payment.getByLabel("Neue Zahlungsfrist")).toHaveValue("2099-12-31");

  await payment.getByLabel("Neue Zahlungsfrist").fill(dayIn(30));
  await payment.getByRole("button", { name: "Frist verlängern" }).click();
  await expect(page.getByText("Zahlungsfrist verlängert")).toBeVisible();
  await expect(page.getByTestId("payment-deadline")).toContainText(`Zahlungsfrist bis ${german(dayIn(30))}`);
  await expect(page.getByRole("region", { name: "Änderungsprotokoll" })).toContainText(
    `Zahlungsfrist: – → ${german(dayIn(30))}, 23:59`,
  );
  // The customer is told the new day.
  const told = () => mailsTo(email).filter((m) => /haben wir die Zahlungsfrist verlängert/.test(m.text));
  await expect.poll(() => told().length).toBe(1);
  expect(told()[0].text).toMatch(
    new RegExp(`Bitte überweise den Betrag bis zum ${german(dayIn(30)).replaceAll(".", "\\.")}\\.`),
  );
});

test("an amount with a thousands separator is taken; more than the total completes the order and is refunded", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { email } = await signIn();
  const { orderId } = await orderEvent(page, 1);
  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  const payment = page.getByRole("region", { name: "Zahlung" });
  await payment.getByLabel("Eingegangener Betrag (€)").fill("1.000,00");
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  const toast = page.getByText(
    /^1\.000,00\s€ sind eingegangen – (\d+,\d\d\s€) zu viel; die Bestellung ist abgeschlossen\. Die Erstattung von \1 steht unter „Erstattungen“\.$/,
  );
  await expect(toast).toBeVisible();
  const excess = /– (\d+,\d\d)\s€ zu viel/.exec((await toast.textContent())!)![1];
  await expect(page.getByTestId("order-detail-status")).toHaveText("Abgeschlossen");
  await expect(payment.getByTestId("payment-balance")).toHaveText(/^Überzahlung: \d+,\d\d\s€ zu viel\.$/);

  // The excess is a refund like any other: in the admin's list, and the customer is asked where to.
  await page.goto("/admin/erstattungen");
  const row = page.getByTestId("refund-row").filter({ hasText: orderId.slice(0, 8) });
  await expect(row).toContainText("Überzahlung");
  await expect(row).toContainText(excess);
  expect((await page.request.post("/__e2e/jobs")).ok()).toBeTruthy();
  await expect
    .poll(() => mailsTo(email).some((m) => m.text.includes("zu viel überwiesen hast")), { timeout: 20_000 })
    .toBe(true);
});

test("money for a cancelled order that stays cancelled is recorded and owed back", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn();
  const { orderId } = await orderEvent(page, 1);
  await signIn({ admin: true });
  await page.goto(`/admin/orders?order=${orderId}`);
  const payment = page.getByRole("region", { name: "Zahlung" });
  // 10,00 € came in, then the order was cancelled: its refund of the 10,00 € locks it.
  await payment.getByLabel("Eingegangener Betrag (€)").fill("10,00");
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(page.getByText(/^10,00\s€ sind eingegangen; es fehlen noch/)).toBeVisible();
  await cancelOrderOnItsPage(page);
  await expect(page.getByTestId("order-status-locked")).toHaveText(/Sie kann nicht wieder geöffnet werden/);

  // The rest arrives on the bank statement all the same: the form takes it, a wrong amount first.
  await expect(payment.getByTestId("payment-after-cancellation")).toHaveText(
    "Die Bestellung bleibt storniert. Geht trotzdem Geld für sie ein, erfasse es hier: Es wird erstattet.",
  );
  await expect(payment.getByTestId("payment-balance")).toHaveText(
    /^Storniert: Die eingegangenen 10,00\s€ gehen zurück\.$/,
  );
  await expectAccessible(page);
  // Nothing is owed, so no amount is proposed: the rest of the total arrives and is typed.
  await expect(payment.getByLabel("Eingegangener Betrag (€)")).toHaveValue("");
  const total = /^Gesamt: (\d+),(\d\d)\s€$/.exec((await page.getByText(/^Gesamt: /).textContent())!)!;
  const missing = (Number(`${total[1]}.${total[2]}`) - 10).toFixed(2).replace(".", ",");
  await payment.getByLabel("Notiz (optional)").fill("Überweisung nach der Stornierung");
  await payment.getByLabel("Eingegangener Betrag (€)").fill("0,00");
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(payment.getByText("Der Betrag muss größer als 0 sein.")).toBeVisible();
  await expect(payment.getByLabel("Notiz (optional)")).toHaveValue("Überweisung nach der Stornierung");
  await payment.getByLabel("Eingegangener Betrag (€)").fill(missing);
  await payment.getByRole("button", { name: "Zahlung eingegangen" }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^${missing}\\s€ sind eingegangen; die Bestellung bleibt storniert und der Betrag geht zurück\\. Die Erstattung von ${missing}\\s€ steht unter „Erstattungen“\\. Grund: Diese Bestellung ist storniert und hat eine Erstattung`,
      ),
    ),
  ).toBeVisible();
  await expect(page.getByTestId("order-detail-status")).toHaveText("Storniert");
  await expect(payment.getByTestId("payments").getByRole("listitem")).toHaveCount(2);

  // Both amounts are owed back: the cancellation's and the late one's.
  await page.goto("/admin/erstattungen");
  const rows = page.getByTestId("refund-row").filter({ hasText: orderId.slice(0, 8) });
  await expect(rows).toHaveCount(2);
  // The late money is not "too much" for an order that owes nothing: the list says when it came.
  await expect(rows.filter({ hasText: "Zahlung nach Stornierung" })).toContainText(missing);
  await expect(rows.filter({ hasText: "Überzahlung" })).toHaveCount(0);
});
