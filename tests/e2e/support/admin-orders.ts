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
