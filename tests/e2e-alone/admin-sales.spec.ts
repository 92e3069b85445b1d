import { orderEvent } from "../e2e/members-support";
import { markPaidOnItsPage } from "../e2e/support/admin-orders";
import { expect, expectAccessible, test } from "../e2e/support/fixtures";

/**
 * The "Umsatz" panel of /admin (issue 28), in a shop nobody else uses meanwhile: an unpaid order
 * is one more open payment; paid, it raises this month's gross revenue by exactly its total and is
 * open no more; the bar chart is drawn on the server (12 months, with JavaScript off too).
 */
const euros = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));

test("the sales overview shows this month's revenue as a chart and a table @phone", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn({ admin: true });
  await page.goto("/admin");
  const month = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date()).slice(0, 7);
  const row = page.getByTestId(`sales-month-${month}`);
  const before = euros((await row.getByRole("cell").nth(1).textContent())!);
  const openBefore = Number((await page.getByTestId("sales-open-payments").textContent())!.split("·")[0]);

  await signIn();
  const { orderId } = await orderEvent(page, 2);
  await signIn({ admin: true });
  await page.goto("/admin");
  const openCount = async () => Number((await page.getByTestId("sales-open-payments").textContent())!.split("·")[0]);
  expect(await openCount()).toBe(openBefore + 1);
  await page.goto(`/admin/orders?order=${orderId}`);
  const total = euros((await page.getByText(/^Gesamt:/).textContent())!);
  await markPaidOnItsPage(page);

  await page.goto("/admin");
  const panel = page.getByRole("region", { name: "Umsatz", exact: true });
  await expect(panel.getByRole("heading", { level: 2, name: "Umsatz" })).toBeVisible();
  const after = euros((await page.getByTestId(`sales-month-${month}`).getByRole("cell").nth(1).textContent())!);
  expect(Math.round((after - before) * 100)).toBe(Math.round(total * 100));
  expect(await openCount()).toBe(openBefore);
  // The chart: one image with a title pointing to the table, a bar pair per month.
  const chart = panel.getByRole("img", { name: /Umsatz je Monat der letzten 12 Monate/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("g[data-month]")).toHaveCount(12);
  expect(Number(await chart.locator(`g[data-month="${month}"] rect`).first().getAttribute("height"))).toBeGreaterThan(
    0,
  );
  await expectAccessible(page);
});
