import { expect, test } from "../e2e/support/fixtures";

/**
 * The footer's "© 2026" is a date like any other: it reads the shop's clock (the year-long audit
 * found it on real time). The alone suite may move the clock: nothing else runs meanwhile.
 */
test.afterEach(async ({ request }) => {
  const reset = await request.post("/__e2e/clock", { data: { now: null } });
  expect(reset.ok(), await reset.text()).toBeTruthy();
});

test("the footer names the shop's year", async ({ page, signIn }) => {
  const moved = await page.request.post("/__e2e/clock", { data: { now: "2031-06-01T10:00:00Z" } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  // A member's page is rendered for them, never from the page cache.
  await signIn();
  await page.goto("/dashboard");
  await expect(page.getByRole("contentinfo")).toContainText("© 2031 BeHappy. Alle Rechte vorbehalten.");
});
