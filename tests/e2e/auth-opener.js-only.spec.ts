import { expect, PASSWORD, test } from "./support/fixtures";

/**
 * A window of another site that opened the shop keeps a handle on it while the tab shows public
 * pages (they are the same for everyone and go without Cross-Origin-Opener-Policy), and loses it
 * once the visitor has signed in: the sign-in ends in a document load whose COOP puts the tab in a
 * browsing context group of its own (docs/decisions/0028-opener-policy-on-private-documents.md).
 * JavaScript only: without it every page is a document load, and /auth already carries COOP
 * (tests/proof/headers.test.ts).
 */
test("signing in cuts the handle another site's window held on the tab", async ({ page, signIn, baseURL }) => {
  const { email } = await signIn();
  await page.context().clearCookies();
  await page.route("https://other.example/", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Eine andere Website</title>" }),
  );
  await page.goto("https://other.example/");
  const [shop] = await Promise.all([
    page.waitForEvent("popup"),
    page.evaluate((url) => {
      (window as unknown as { shop: Window | null }).shop = window.open(url);
    }, `${baseURL}/products`),
  ]);
  const handleOpen = () => page.evaluate(() => !(window as unknown as { shop: Window }).shop.closed);
  await shop.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  expect(await handleOpen()).toBe(true);

  // A client-side navigation loads no document: the handle survives it.
  await shop.getByRole("banner").getByRole("link", { name: "Anmelden" }).click();
  await expect(shop.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  expect(await handleOpen()).toBe(true);

  await shop.getByLabel("E-Mail").fill(email);
  await shop.getByLabel("Passwort").fill(PASSWORD);
  await shop.getByRole("button", { name: "Anmelden" }).click();
  await expect(shop).toHaveURL(/\/dashboard$/);
  await expect(shop.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(handleOpen).toBe(false);
  expect(await shop.evaluate(() => window.opener)).toBeNull();
});
