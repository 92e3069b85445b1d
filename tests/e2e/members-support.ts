import type { Browser, Page } from "@playwright/test";
import { expect, PASSWORD, uniqueEmail } from "./support/fixtures";

/** "Glücks-Workshop: Die Kunst der Dankbarkeit" (supabase/seed.sql), 129,00 € / 99,00 €. */
export const SEEDED_EVENT = "e0000000-0000-4000-8000-000000000001";

/**
 * A real order with an event line: a seeded event with a price goes into the cart (the cart's own
 * POST; the newest event in /events may be a free one another test created, and a 0,00 € order is
 * completed at checkout at once), then the checkout form is filled and sent. Returns the order id
 * and the event's title.
 */
export async function orderEvent(page: Page, quantity: number) {
  const itemId = SEEDED_EVENT;
  const added = await page.request.post("/cart", {
    form: { intent: "add", itemId, itemType: "event", quantity: String(quantity) },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const orderId = await checkOutCart(page);
  const title = (await page.getByRole("cell").first().textContent())!.trim();
  return { orderId, title };
}

/** Registers a participant for the order's event line on the member's dashboard. */
export async function registerParticipant(page: Page, orderId: string, first: string, last: string) {
  await page.goto("/dashboard");
  const order = page.getByRole("region", { name: `Bestellung ${orderId.slice(0, 8)}…` });
  await order.getByRole("link", { name: "Register Participant" }).click();
  await page.getByLabel("Vorname").fill(first);
  await page.getByLabel("Nachname").fill(last);
  await page.getByLabel("E-Mail").fill(`${first.toLowerCase()}.${last.toLowerCase()}@example.com`);
  await page.getByRole("button", { name: "Teilnehmer anmelden" }).click();
  await expect(page.getByText("Registration completed successfully!").first()).toBeVisible();
}

/** Opens the checkout with what the cart holds and fills the billing address (nothing ordered yet). */
export async function openCheckoutFilled(page: Page) {
  await page.goto("/checkout");
  await page.getByLabel("Straße und Hausnummer").fill("Sonnenallee 7");
  await page.getByLabel("PLZ").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Land").fill("Deutschland");
}

/** Opens the checkout with what the cart holds, fills the billing address, orders; the order id. */
export async function checkOutCart(page: Page) {
  await openCheckoutFilled(page);
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** A second browser (own cookies) signed in as `email` (created if new), JS as in the project. */
export async function otherBrowser(
  browser: Browser,
  options: { baseURL?: string; javaScriptEnabled: boolean },
  email = uniqueEmail("other"),
) {
  const context = await browser.newContext({ ...options, locale: "de-DE", timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  const response = await page.request.post("/__e2e/session", { data: { email, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { context, page, email };
}
