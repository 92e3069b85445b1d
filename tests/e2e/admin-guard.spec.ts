import { expect, expectAccessible, test } from "./support/fixtures";
import { listCard, listTitles } from "./support/catalog-list";

const ADMIN_PATHS = [
  "/admin",
  "/admin/events",
  "/admin/courses/new",
  "/admin/products/new/p0000000-0000-4000-8000-000000000001",
  "/admin/newsletter",
  "/admin/contacts",
  "/admin/orders",
  "/admin/profiles",
];

test.describe("admin guard", () => {
  test("a visitor who is not signed in is sent to /auth from every admin route (and back after sign-in)", async ({
    page,
  }) => {
    for (const path of [...ADMIN_PATHS, "/admin/newsletter.csv", "/admin/export", "/admin/export/rechnungen.zip"]) {
      await page.goto(path);
      const target = `/auth?${new URLSearchParams({ redirectTo: path })}`;
      await expect(page, path).toHaveURL((url) => url.pathname + url.search === target);
    }
  });

  test("a signed-in member is sent to /dashboard with the permission message", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("You don't have permission to access the admin area.")).toBeVisible();
    const csv = await page.request.get("/admin/newsletter.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers().location).toBe("/dashboard");
  });

  test("a member posting straight to admin actions changes nothing", async ({ page, signIn }) => {
    await signIn();
    const title = `Fremdeintrag ${Date.now()}`;
    const posts = [
      [
        "/admin/events/new",
        { title, category: "X", date: "1.1.2030", time: "10 Uhr", location: "Berlin", image_url: "/x.svg" },
      ],
      ["/admin/events", { intent: "delete", id: "e0000000-0000-4000-8000-000000000001" }],
      [
        "/admin/events",
        { intent: "flag", id: "e0000000-0000-4000-8000-000000000004", flag: "show_on_startpage", value: "on" },
      ],
      ["/admin/orders", { intent: "status", id: "00000000-0000-4000-8000-000000000000", status: "cancelled" }],
      ["/admin/contacts", { intent: "read", id: "00000000-0000-4000-8000-000000000000" }],
    ] as const;
    for (const [path, form] of posts) {
      const response = await page.request.post(path, { form, maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe("/dashboard");
    }
    // Nothing was created (a new event would head the list) and the seeded one is still there.
    expect(await listTitles(page, "/events")).not.toContain(title);
    await expect(await listCard(page, "/events", "Glücks-Workshop: Die Kunst der Dankbarkeit")).toBeVisible();
  });

  test("an admin enters: overview with counts, sidebar, sign-out, never cached", async ({ page, signIn }) => {
    await signIn({ admin: true });
    const response = await page.goto("/admin");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Willkommen im Admin-Bereich von BeHappy.")).toBeVisible();
    for (const key of ["events", "courses", "products", "contacts"]) {
      await expect(page.getByTestId(`count-${key}`)).toHaveText(/^\d+$/);
    }
    expect(Number(await page.getByTestId("count-events").textContent())).toBeGreaterThanOrEqual(1);
    const nav = page.getByRole("navigation", { name: "Admin-Navigation", exact: true });
    for (const label of [
      "Dashboard",
      "Kurse",
      "Veranstaltungen",
      "Produkte",
      "Newsletter",
      "Kontaktanfragen",
      "Bestellungen",
      "Profile",
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expectAccessible(page);

    await nav.getByRole("link", { name: "Bestellungen" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bestellungen" })).toBeVisible();

    await page.getByRole("complementary", { name: "Admin-Bereich" }).getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
  });

  test("on a phone-sized screen the sidebar is a drawer that opens without JavaScript @phone", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn({ admin: true });
    await page.goto("/admin");
    const drawer = page.getByTestId("admin-drawer");
    await expect(drawer.getByRole("link", { name: "Kurse" })).toBeHidden();
    await drawer.getByText("Admin-Menü").click();
    await drawer.getByRole("link", { name: "Kurse" }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kurse verwalten" })).toBeVisible();
  });
});
