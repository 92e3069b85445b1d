import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Opens a catalogue item's page and puts one into the cart with its own button. */
export async function addToCart(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole("region", { name: "In den Warenkorb" })
    .getByRole("button", { name: "In den Warenkorb" })
    .click();
  await expect(page.getByText(/wurde in den Warenkorb gelegt/).first()).toBeVisible();
}
