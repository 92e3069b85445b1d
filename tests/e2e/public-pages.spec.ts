import { expect, expectAccessible, test } from "./support/fixtures";
import { listCard, listTitles } from "./support/catalog-list";

/** Heading texts without the soft hyphens the server puts into long words. */
const visibleTexts = (texts: string[]) => texts.map((text) => text.replaceAll("\u00AD", ""));

/** The demo catalogue (supabase/seed.sql) with fixed ids. */

test.describe("home page", () => {
  test("hero, pillars, flagged sections, testimonials and join call to action", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Mehr als 2.500 Mitglieder sind schon dabei")).toBeVisible();
    await expect(page.getByRole("link", { name: "Jetzt Mitglied werden" }).first()).toHaveAttribute("href", "/join");

    const pillars = page.locator("section", { has: page.getByRole("heading", { name: "Vier Säulen für dein Glück" }) });
    for (const title of ["Selbstverwirklichung", "Persönliches Wachstum", "Gemeinschaft", "Business-Aufbau"]) {
      await expect(pillars.getByRole("heading", { name: title })).toBeVisible();
    }

    // Sections list only items flagged show_on_startpage.
    const events = page.locator("#veranstaltungen");
    await expect(
      events.getByRole("link", { name: "Glücks-Workshop: Die Kunst der Dankbarkeit" }).first(),
    ).toBeVisible();
    await expect(events.getByText("Vision-Board-Abend")).toHaveCount(0);
    const courses = page.locator("#kurse");
    await expect(courses.getByRole("link", { name: "Selbstwert stärken in 8 Wochen" }).first()).toBeVisible();
    await expect(courses.getByText("Kommunikation mit Herz")).toHaveCount(0);
    const products = page.locator("#produkte");
    await expect(products.getByRole("link", { name: "Dankbarkeitstagebuch" }).first()).toBeVisible();
    await expect(products.getByText("BeHappy Tasse")).toHaveCount(0);

    // All four testimonials are in the page (reachable with or without JavaScript).
    await expect(page.locator("[data-testimonial]")).toHaveCount(4);
    for (const name of ["Julia Neumann", "Thomas Richter", "Miriam Krüger", "Daniel Schäfer"]) {
      await expect(page.getByRole("link", { name: new RegExp(`Stimme \\d von 4: ${name}`) })).toHaveCount(1);
    }
    await expectAccessible(page);
  });

  test("without JavaScript every testimonial is reachable by its anchor", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    if (javaScriptEnabled) {
      await page.getByRole("link", { name: "Stimme 3 von 4: Miriam Krüger" }).click();
      await expect(page.locator('[data-testimonial][data-active="true"]')).toContainText("Miriam Krüger");
    } else {
      await page.getByRole("link", { name: "Stimme 3 von 4: Miriam Krüger" }).click();
      await expect(page).toHaveURL(/#stimme-3$/);
      await expect(page.locator("#stimme-3")).toBeInViewport();
    }
  });

  // The routes mark them public. A rendered answer carries a per-response CSP nonce, which no CDN
  // may hand to every visitor: it leaves for the browser only. The page cache's copy of it holds no
  // nonce (hashes instead, server/stored-page.ts), so a hit may leave with the route's own policy.
  test("anonymous catalogue pages: rendered for the browser only, from the page cache for a CDN too", async ({
    request,
  }) => {
    for (const path of [
      "/",
      "/offers",
      "/products",
      "/events",
      "/courses",
      "/products/b0000000-0000-4000-8000-000000000001",
    ]) {
      const response = await request.get(path);
      const headers = response.headers();
      if (headers["x-page-cache"] === "hit") {
        expect(headers["cache-control"], path).toBe("public, max-age=60, s-maxage=300");
        expect(headers["content-security-policy"], path).not.toContain("nonce");
      } else {
        expect(headers["cache-control"], path).toBe("private, max-age=60");
        expect(headers["content-security-policy"], path).toMatch(/'nonce-/);
      }
    }
  });

  test("a signed-in member's catalogue pages are private", async ({ page, signIn }) => {
    await signIn();
    const response = await page.goto("/products");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("offers page", () => {
  test("hero with anchors, flagged sections, four tiles and join call to action", async ({ page }) => {
    await page.goto("/offers");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const anchors = page.getByRole("navigation", { name: "Zu den Angeboten springen" });
    await expect(anchors.getByRole("link", { name: "Kurse" })).toHaveAttribute("href", "#kurse");
    await expect(anchors.getByRole("link", { name: "Events" })).toHaveAttribute("href", "#events");
    await expect(anchors.getByRole("link", { name: "Produkte" })).toHaveAttribute("href", "#produkte");

    // show_on_offer: Vision-Board-Abend yes, Business-Netzwerkabend no.
    await expect(page.locator("#events").getByRole("link", { name: "Vision-Board-Abend" }).first()).toBeVisible();
    await expect(page.locator("#events").getByText("Business-Netzwerkabend München")).toHaveCount(0);
    await expect(page.locator("#kurse").getByRole("link", { name: "Kommunikation mit Herz" }).first()).toBeVisible();
    await expect(
      page.locator("#produkte").getByRole("link", { name: "Meditationskissen Lotus" }).first(),
    ).toBeVisible();

    await anchors.getByRole("link", { name: "Produkte" }).click();
    await expect(page).toHaveURL(/#produkte$/);

    const tiles = page.locator("section", { has: page.getByRole("heading", { name: "Entdecke BeHappy" }) });
    for (const [name, href] of [
      ["Kurse", "/courses"],
      ["Veranstaltungen", "/events"],
      ["Community", "/community"],
      ["Produkte", "/products"],
    ]) {
      await expect(tiles.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("link", { name: "Jetzt Mitglied werden" })).toHaveAttribute("href", "/join");
    await expectAccessible(page);
  });
});

test.describe("catalogue lists", () => {
  test("/products lists every product newest first with prices and availability", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "Produkte" })).toBeVisible();
    // Admin tests add items while this runs: assert the order of the seeded ones, newest first.
    const titles = visibleTexts(await page.locator("main article h2").allTextContents());
    expect(titles.indexOf("Dankbarkeitstagebuch")).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf("Dankbarkeitstagebuch")).toBeLessThan(titles.indexOf("BeHappy Planer 2027"));
    expect(titles.indexOf("BeHappy Planer 2027")).toBeLessThan(titles.indexOf("Affirmationskarten-Set"));
    const first = page.locator("main article", { hasText: "Dankbarkeitstagebuch" });
    await expect(first.getByText(/24,90\s€/)).toBeVisible();
    await expect(first.getByText(/19,90\s€/)).toBeVisible();
    await expect(first.getByText("Verfügbar")).toBeVisible();
    const cushion = page.locator("main article", { hasText: "Meditationskissen Lotus" });
    await expect(cushion.getByText("Ausverkauft")).toBeVisible();
    // A community price of 0 is 'Inklusive'.
    const ebook = page.locator("main article", { hasText: "E-Book: 30 Tage Achtsamkeit" });
    await expect(ebook.getByText("Inklusive", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test("/events shows date, time, location and prices", async ({ page }) => {
    const workshop = await listCard(page, "/events", "Glücks-Workshop: Die Kunst der Dankbarkeit");
    await expect(page.getByRole("heading", { level: 1, name: "Veranstaltungen" })).toBeVisible();
    await expect(workshop.getByText("14.03.2027, 10:00 – 16:00 Uhr")).toBeVisible();
    await expect(workshop.getByText("Berlin, Kulturbrauerei")).toBeVisible();
    await expect(workshop.getByText(/129,00\s€/)).toBeVisible();
    await expect(workshop.getByText(/99,00\s€/)).toBeVisible();
    await expectAccessible(page);
    const evening = await listCard(page, "/events", "Business-Netzwerkabend München");
    await expect(evening.getByText("Inklusive")).toBeVisible();
    const titles = await listTitles(page, "/events");
    for (const seeded of [
      "Glücks-Workshop: Die Kunst der Dankbarkeit",
      "Business-Netzwerkabend München",
      "Achtsamkeits-Retreat am Tegernsee",
      "Vision-Board-Abend",
      "BeHappy Sommerfest 2027",
      "Online-Live-Session: Ziele klar setzen",
    ]) {
      expect(titles).toContain(seeded);
    }
  });

  test("/courses lists all courses newest first", async ({ page }) => {
    const titles = await listTitles(page, "/courses");
    await page.goto("/courses");
    await expect(page.getByRole("heading", { level: 1, name: "Kurse" })).toBeVisible();
    const seeded = [
      "Selbstwert stärken in 8 Wochen",
      "Achtsamkeit im Alltag",
      "Online-Business aufbauen",
      "Kommunikation mit Herz",
      "Stressfrei durch den Job",
      "Finanzielle Freiheit: Die Grundlagen",
    ];
    // Newest first among the seeded courses (admin tests may add others meanwhile).
    expect(seeded.map((t) => titles.indexOf(t))).toEqual(
      [...seeded.map((t) => titles.indexOf(t))].sort((a, b) => a - b),
    );
    expect(Math.min(...seeded.map((t) => titles.indexOf(t)))).toBeGreaterThanOrEqual(0);
    await expectAccessible(page);
  });

  test("every list page has a title, description, canonical link and Open Graph tags", async ({ page }) => {
    for (const [path, title] of [
      ["/products", "Produkte – BeHappy"],
      ["/events", "Veranstaltungen – BeHappy"],
      ["/courses", "Kurse – BeHappy"],
      ["/offers", "Angebote – BeHappy"],
    ]) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    }
  });
});

test.describe("sitemap and robots", () => {
  test("sitemap.xml lists public pages and catalogue details with absolute URLs", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    for (const path of ["/", "/offers", "/products", "/contact", "/glueckstest", "/impressum"]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${baseURL}/products/b0000000-0000-4000-8000-000000000001</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/events/e0000000-0000-4000-8000-000000000001</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/courses/c0000000-0000-4000-8000-000000000001</loc>`);
    expect(xml).not.toContain("/admin");
  });

  test("robots.txt points at the sitemap and keeps private areas out", async ({ request, baseURL }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /checkout");
  });
});
