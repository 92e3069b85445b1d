import { expect, test } from "./support/fixtures";

/**
 * WCAG 2.4.11 (focus not obscured) in the admin area, found by an outside audit: the sidebar's last
 * links were below a 1280 × 800 screen, and on a phone the list's sticky title column covered the
 * toggles a keyboard reached. JavaScript on and off (the projects), a phone for the list.
 */

test("the sidebar's last link is in view when the keyboard reaches it on a 1280 × 800 screen", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn({ admin: true });
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Admin-Navigation", exact: true });
  const links = nav.getByRole("link");
  await links.nth((await links.count()) - 2).focus();
  await page.keyboard.press("Tab");
  const last = links.last();
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport({ ratio: 1 });
});

test("@phone a toggle reached by Tab in a list is beside the sticky title column, not under it", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn({ admin: true });
  await page.goto("/admin/products?q=Dankbarkeitstagebuch");
  const title = page.getByRole("link", { name: "Dankbarkeitstagebuch", exact: true });
  await title.focus();
  await page.keyboard.press("Tab");
  const toggle = page.getByRole("checkbox", { name: "Startseite: Dankbarkeitstagebuch" });
  await expect(toggle).toBeFocused();
  const titleCell = page.getByRole("cell").filter({ has: title });
  const [cell, box] = await Promise.all([titleCell.boundingBox(), toggle.boundingBox()]);
  expect(box!.x).toBeGreaterThanOrEqual(cell!.x + cell!.width);
  await expect(toggle).toBeInViewport({ ratio: 1 });
});
