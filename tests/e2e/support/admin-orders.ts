import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * On an order's admin page (`/admin/orders?order=…`): "Storniert", confirmed in the dialog, as an
 * admin does it; waits until the page shows the new status.
 */
export async function cancelOrderOnItsPage(page: Page) {
  await page.getByRole("region", { name: "Status ändern" }).getByRole("button", { name: "Storniert" }).click();
  await page
    .getByRole("dialog", { name: "Bestellung stornieren?" })
    .getByRole("button", { name: "Stornieren" })
    .click();
  await expect(page.getByTestId("order-detail-status")).toHaveText("Storniert");
}

/** "Zahlung eingegangen" in the order page's status area, confirmed in its dialog: the rest is booked today. */
export async function markPaidOnItsPage(page: Page) {
  await page
    .getByRole("region", { name: "Status ändern" })
    .getByRole("button", { name: "Zahlung eingegangen" })
    .click();
  await page
    .getByRole("dialog", { name: "Zahlung als eingegangen buchen?" })
    .getByRole("button", { name: "Zahlung eingegangen" })
    .click();
  await expect(page.getByTestId("order-detail-status")).toHaveText("Abgeschlossen");
}
