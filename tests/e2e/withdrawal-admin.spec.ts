import { cancelOrderOnItsPage } from "./support/admin-orders";
import { expect, expectAccessible, mailsTo, test } from "./support/fixtures";

const SHOP_INBOX = "bestellungen@behappy.example"; // the example operator's notification address
const FREE_PLAN_ID = "a0000000-0000-4000-8000-000000000001";

test("an unmatched withdrawal reaches the shop: receipt only, operator mail, admin list, matched by hand", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  // An order to match later (a free plan: no payment needed).
  const member = await signIn();
  await page.goto("/join");
  const cart = await page.request.post("/cart", {
    form: { intent: "plan", planId: FREE_PLAN_ID, redirectTo: "/join" },
    maxRedirects: 0,
  });
  expect(cart.status()).toBe(302);
  await page.goto("/checkout");
  await page.getByLabel("Straße und Hausnummer").fill("Sonnenallee 7");
  await page.getByLabel("PLZ").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Land").fill("Deutschland");
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  const orderNumber = page.url().split("/").pop()!.slice(0, 8).toUpperCase();

  // A withdrawal with a typo in the number and another address: no order matches it.
  const email = `widerruf-${Date.now()}-${test.info().project.name}@example.com`;
  const typo = orderNumber.startsWith("0") ? `1${orderNumber.slice(1)}` : `0${orderNumber.slice(1)}`;
  // From the order's page, the form knows the order and the signed-in member. The page's own link:
  // the footer's (no order) is there too, also while the client still shows the checkout.
  await page.getByRole("main").getByRole("link", { name: "Vertrag widerrufen" }).click();
  await expect(page).toHaveURL(new RegExp(`/vertrag-widerrufen\\?bestellung=${orderNumber.toLowerCase()}$`));
  await expect(page.getByLabel("Bestellnummer")).toHaveValue(orderNumber.toLowerCase());
  await expect(page.getByLabel("Name")).toHaveValue("Erika Muster");
  await expect(page.getByLabel("E-Mail")).toHaveValue(member.email);
  await page.goto("/vertrag-widerrufen");
  await page.getByLabel("Name").fill("Paula Probe");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Bestellnummer").fill(typo);
  await page.getByLabel("Anmerkung (optional)").fill("Bitte Geld zurück");
  await page.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
  // Signed in, the member's own orders are known: a number none of them has is pointed out, and
  // can still be confirmed (an order placed with another address).
  await expect(
    page.getByText(`In deinem Konto gibt es keine Bestellung mit der Nummer ${typo.toLowerCase()}.`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Widerruf bestätigen", exact: true }).click();

  // The receipt is a page of its own, read from the stored declaration: what was declared, and when.
  await expect(page).toHaveURL(/\/vertrag-widerrufen\/eingang\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dein Widerruf ist eingegangen" })).toBeVisible();
  const receiptUrl = page.url();
  await expect(
    page.getByText(/Zu deinem Schutz ist sie nur bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr abrufbar\./),
  ).toBeVisible();
  const declared = page.getByTestId("withdrawal-receipt");
  await expect(declared).toContainText(/Eingegangen am\s*\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
  await expect(declared).toContainText("Paula Probe");
  await expect(declared).toContainText(email);
  // Written as on the order page: lower case.
  await expect(declared).toContainText(`Bestellnummer${typo.toLowerCase()}`);
  await expect(declared).toContainText("Bitte Geld zurück");
  await expect(page.getByRole("button", { name: "Weiter zur Bestätigung" })).toHaveCount(0);
  await expectAccessible(page);
  // A reload shows the same receipt; a made-up one exists nowhere.
  await page.reload();
  await expect(declared).toContainText("Paula Probe");
  const madeUp = await page.request.get("/vertrag-widerrufen/eingang/00000000-0000-4000-8000-000000000000");
  expect(madeUp.status()).toBe(404);
  await page.goto(`/vertrag-widerrufen?status=eingegangen&bestellung=${typo}&zeit=2026-06-01T10:00:00Z`);
  await expect(page.getByText(/ist eingegangen/)).toHaveCount(0);
  await expect(page.getByLabel("Bestellnummer")).toBeVisible();

  // The shop's mailbox gets it, marked as not matched.
  // Delivered by the outbox worker after the commit: asynchronous, so give a loaded machine time.
  await expect
    .poll(() => mailsTo(SHOP_INBOX).filter((m) => m.text.includes(email)).length, { timeout: 20_000 })
    .toBe(1);
  const notice = mailsTo(SHOP_INBOX).find((m) => m.text.includes(email))!;
  // Lower case, as the order's own mail and pages write it.
  expect(notice.text).toContain(`Bestellnummer (Angabe): ${typo.toLowerCase()}`);
  expect(notice.text).toContain(`Subject: Widerruf eingegangen: ${typo.toLowerCase()} (nicht zugeordnet)`);
  expect(notice.text).toContain("Nicht zugeordnet");
  expect(notice.text).toContain("Bitte Geld zurück");
  // The sender is signed in, but this is not their account's address: a neutral receipt, nothing typed in it.
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
  const receipt = mailsTo(email)[0].text;
  expect(receipt).toContain("ist bei uns eine Widerrufserklärung eingegangen");
  expect(receipt).not.toContain("Paula");
  expect(receipt).not.toContain("Geld");
  expect(receipt).not.toMatch(new RegExp(typo, "i"));
  // Delivered, the receipt page says so (the outbox marks the mail sent right after the SMTP answer).
  await page.goto(receiptUrl);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("receipt-mail")).toContainText(
      new RegExp(
        `Eine Bestätigung haben wir am \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2} Uhr per E-Mail an ${email} geschickt\\.`,
      ),
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });

  // The admin list shows it as "nicht zugeordnet" and matches it by hand.
  await signIn({ admin: true });
  await page.goto("/admin");
  await page.getByRole("link", { name: "Widerrufe" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Widerrufe" })).toBeVisible();
  await page.getByRole("link", { name: "Offen" }).click();
  await page.getByLabel("Nach Name, E-Mail oder Bestellnummer suchen").fill(email);
  await page.getByRole("button", { name: "Suchen" }).click();
  const row = page.getByTestId("withdrawal-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Paula Probe");
  await expect(row).toContainText(typo.toLowerCase());
  await expect(row).toContainText("Bitte Geld zurück");
  await expect(row).toContainText("nicht zugeordnet");
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expectAccessible(page);

  // A number no order has: refused at the field, which keeps it and is marked.
  const field = row.getByLabel("Bestellnummer für den Widerruf von Paula Probe");
  await field.fill("FFFFFFFF");
  await row.getByRole("button", { name: "Zuordnen" }).click();
  await expect(row.getByText("Es gibt keine Bestellung mit der Nummer ffffffff.")).toBeVisible();
  await expect(field).toHaveValue("FFFFFFFF");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Es gibt keine Bestellung mit der Nummer ffffffff.");
  await expect(field).toBeFocused();

  // The order ran under the member's address, the withdrawal came from another: it asks first.
  await field.fill(orderNumber.toLowerCase());
  await row.getByRole("button", { name: "Zuordnen" }).click();
  const confirm = row.getByRole("button", { name: "Trotzdem zuordnen" });
  await expect(confirm).toHaveAccessibleDescription(
    `Die Bestellung ${orderNumber.toLowerCase()} lief auf ${member.email}, der Widerruf kam von ${email}. Ordne ihn nur zu, wenn sicher ist, dass beide Adressen zu derselben Person gehören.`,
  );
  await expect(confirm).toBeFocused();
  await expect(row).toContainText("nicht zugeordnet");
  await expectAccessible(page);
  await confirm.click();
  await expect(
    page.getByText(`Der Widerruf ist jetzt der Bestellung ${orderNumber.toLowerCase()} zugeordnet.`),
  ).toBeVisible();
  // Matched, it stays open until its order is cancelled, and links the order.
  const matched = page.getByTestId("withdrawal-row").filter({ hasText: email });
  await expect(matched).toContainText("offen: noch nicht storniert");
  await matched.getByRole("link", { name: `Bestellung ${orderNumber.toLowerCase()}… anzeigen` }).click();
  await cancelOrderOnItsPage(page);

  // Cancelled, it is done: gone from "Offen", marked in the full list.
  await page.goto(`/admin/withdrawals?filter=offen&q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: "Offen" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("withdrawal-row").filter({ hasText: email })).toHaveCount(0);
  await page.getByRole("link", { name: "Alle Widerrufe" }).click();
  await expect(page.getByTestId("withdrawal-row").filter({ hasText: email })).toContainText("erledigt: storniert");
  await expectAccessible(page);
});
