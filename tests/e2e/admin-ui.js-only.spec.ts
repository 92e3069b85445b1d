// Behaviour that exists only with JavaScript (run in the js-on project only).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** The admin layout marks itself once React has hydrated. */
const hydrated = (page: Page) => expect(page.locator("[data-admin-hydrated=true]")).toHaveCount(1, { timeout: 20_000 });

test("flag checkboxes save on change, without a submit button", async ({ page, signIn }) => {
  await signIn({ admin: true });
  const title = `JS-Flagge ${Date.now().toString(36)}${process.pid}`;
  const created = await page.request.post("/admin/events/new", {
    form: {
      title,
      category: "Test",
      date: "1.1.2031",
      time: "10 Uhr",
      location: "Berlin",
      image_url: "/x.svg",
      price: "1",
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await hydrated(page);
  const box = () => page.getByRole("checkbox", { name: `Angebote: ${title}` });
  await expect(page.getByRole("button", { name: /Übernehmen/ })).toHaveCount(0);
  await expect(box()).not.toBeChecked();
  await box().click();
  await expect(page.getByText(`„${title}“ wurde zu den Angeboten hinzugefügt.`)).toBeVisible();
  await expect(box()).toBeChecked();
  await box().click();
  await expect(page.getByText(`„${title}“ wurde aus den Angeboten entfernt.`)).toBeVisible();
  await expect(box()).not.toBeChecked();

  // By keyboard: Space saves, and focus stays on the box for the next one.
  await box().focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(`„${title}“ wurde zu den Angeboten hinzugefügt.`).first()).toBeVisible();
  await expect(box()).toBeChecked();
  await expect(box()).toBeFocused();
});

test("dialogs are modal, Escape closes them, and a row click opens the edit form", async ({ page, signIn }) => {
  await signIn({ admin: true });
  await page.goto("/admin/products?q=Dankbarkeitstagebuch");
  await hydrated(page);
  await page.getByRole("link", { name: "Löschen: Dankbarkeitstagebuch" }).click();
  await expect(page.getByRole("dialog", { name: "Sind Sie sicher?" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/products\?q=Dankbarkeitstagebuch$/);

  await page.getByRole("table").getByRole("row").nth(1).getByRole("cell").nth(1).click();
  await expect(page).toHaveURL(/\/admin\/products\/new\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Produkt bearbeiten" })).toBeVisible();
});

test("'Lade Daten...' shows while a list page loads", async ({ page, signIn }) => {
  await signIn({ admin: true });
  await page.goto("/admin/events");
  await hydrated(page);
  // Hold the next data request so the loading state is observable.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/events.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Nach Titel suchen").fill("Workshop");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByText("Lade Daten...")).toBeVisible();
  release();
  await expect(page.getByText("Lade Daten...")).toHaveCount(0);
  await expect(page).toHaveURL(/q=Workshop/);
});

test("the admin drawer on a phone closes with Escape (focus on its summary) and after choosing a page", async ({
  page,
  signIn,
}) => {
  await signIn({ admin: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await hydrated(page);
  const drawer = page.getByTestId("admin-drawer");
  const summary = drawer.locator("summary");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(drawer).toHaveAttribute("open", "");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(drawer).not.toHaveAttribute("open", "");
  await expect(summary).toBeFocused();

  await page.keyboard.press("Enter");
  await drawer.getByRole("link", { name: "Bestellungen" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(drawer).not.toHaveAttribute("open", "");
});
