import type { Locator } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { listCard } from "./support/catalog-list";

const PRODUCT = "b0000000-0000-4000-8000-000000000001"; // Dankbarkeitstagebuch, available
const SOLD_OUT = "b0000000-0000-4000-8000-000000000004"; // Meditationskissen Lotus, not available
const EVENT = "e0000000-0000-4000-8000-000000000001";
const COURSE = "c0000000-0000-4000-8000-000000000002"; // Achtsamkeit im Alltag: no date, community price 0

test.describe("catalogue details", () => {
  test("product: list → detail → back and related links", async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("link", { name: "Dankbarkeitstagebuch", exact: true }).click();
    await expect(page).toHaveURL(`/products/${PRODUCT}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dankbarkeitstagebuch" })).toBeVisible();
    await expect(page.getByText("Auf Lager - Sofort verfügbar")).toBeVisible();
    await expect(page.getByText("4.9/5")).toBeVisible();
    await expect(page.getByText("(128 Bewertungen)")).toBeVisible();
    await expect(page.getByRole("img", { name: "5 Sterne" }).locator("svg")).toHaveCount(5);
    await expect(page.getByText("Hardcover, 200 Seiten")).toBeVisible();
    await expectAccessible(page);

    const related = page.locator("section", {
      has: page.getByRole("heading", { name: "Das könnte dich auch interessieren" }),
    });
    await expect(related.getByRole("link", { name: /Veranstaltungen entdecken/ })).toHaveAttribute("href", "/events");
    await expect(related.getByRole("link", { name: /Kurse entdecken/ })).toHaveAttribute("href", "/courses");
    await expect(related.getByRole("link", { name: /Produkte entdecken/ })).toHaveCount(0);

    await page.getByRole("link", { name: "Zurück zu allen Produkten" }).click();
    await expect(page).toHaveURL("/products");
  });

  test("a card is one link: its title names it, a click anywhere on it opens the item", async ({ page }) => {
    const card = await listCard(page, "/products", "Dankbarkeitstagebuch");
    // One link to the item, named by the title; the shipping terms keep their own link.
    await expect(card.getByRole("link")).toHaveCount(2);
    const title = card.getByRole("link", { name: "Dankbarkeitstagebuch", exact: true });
    await expect(title).toHaveAttribute("href", `/products/${PRODUCT}`);
    await expect(card.getByRole("link", { name: "Versandkostenfrei" })).toHaveAttribute("href", "/agb#versand");
    // By keyboard the card is one stop: from the title the next Tab reaches the shipping terms.
    await title.focus();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("link", { name: "Versandkostenfrei" })).toBeFocused();
    // The shipping terms lie above the card's cover: a click on them opens the terms, not the item.
    await card.getByRole("link", { name: "Versandkostenfrei" }).click();
    await expect(page).toHaveURL(/\/agb#versand$/);
    // A click where the picture is, or on "Details ansehen", opens the item (the mouse, not an
    // element's click(): the card's cover, which belongs to the title's link, is what is hit).
    const clickWhere = async (target: Locator) => {
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    };
    await clickWhere((await listCard(page, "/products", "Dankbarkeitstagebuch")).locator("img"));
    await expect(page).toHaveURL(`/products/${PRODUCT}`);
    await clickWhere((await listCard(page, "/products", "Dankbarkeitstagebuch")).getByText("Details ansehen"));
    await expect(page).toHaveURL(`/products/${PRODUCT}`);
  });

  test("product: SEO tags and JSON-LD with the CSP nonce", async ({ page, baseURL }) => {
    await page.goto(`/products/${PRODUCT}`);
    await expect(page).toHaveTitle("Dankbarkeitstagebuch – BeHappy");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products/${PRODUCT}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${baseURL}/images/catalog/dankbarkeitstagebuch.svg`,
    );
    const script = page.locator('script[type="application/ld+json"]');
    await expect(script).toHaveCount(1);
    const ld = JSON.parse((await script.textContent()) ?? "{}");
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Dankbarkeitstagebuch",
      offers: { price: "24.90", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    });
  });

  test("a sold-out product says so and has no add control", async ({ page }) => {
    await page.goto(`/products/${SOLD_OUT}`);
    await expect(page.getByText("Derzeit nicht verfügbar")).toBeVisible();
    await expect(page.getByText("Auf Lager - Sofort verfügbar")).toHaveCount(0);
    await expect(page.getByText("(128 Bewertungen)")).toBeVisible();
  });

  test("event: list → detail with date, time, location and prices → related links", async ({ page }) => {
    const card = await listCard(page, "/events", "Glücks-Workshop: Die Kunst der Dankbarkeit");
    await card.getByRole("link", { name: "Glücks-Workshop: Die Kunst der Dankbarkeit", exact: true }).click();
    await expect(page).toHaveURL(`/events/${EVENT}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Glücks-Workshop: Die Kunst der Dankbarkeit" }),
    ).toBeVisible();
    const facts = page.locator("main dl").first();
    await expect(facts.getByText("Datum")).toBeVisible();
    await expect(facts.getByText("14.03.2027")).toBeVisible();
    await expect(facts.getByText("10:00 – 16:00 Uhr")).toBeVisible();
    await expect(facts.getByText("Berlin, Kulturbrauerei")).toBeVisible();
    await expect(page.getByText("Community-Preis")).toBeVisible();
    await expect(page.getByText(/129,00\s€/)).toBeVisible();
    await expect(page.getByText(/99,00\s€/)).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    // The real start in Berlin time with its offset (issue 27); the page still shows the free text.
    expect(ld).toMatchObject({ "@type": "Event", startDate: "2027-03-14T10:00:00+01:00" });
    await expectAccessible(page);

    await page.getByRole("link", { name: /Kurse entdecken/ }).click();
    await expect(page).toHaveURL("/courses");
  });

  test("course: list → detail with community price 'Inklusive' → related links", async ({ page }) => {
    const card = await listCard(page, "/courses", "Achtsamkeit im Alltag");
    await card.getByRole("link", { name: "Achtsamkeit im Alltag", exact: true }).click();
    await expect(page).toHaveURL(`/courses/${COURSE}`);
    await expect(page.getByRole("heading", { level: 1, name: "Achtsamkeit im Alltag" })).toBeVisible();
    await expect(page.getByText("Online, im eigenen Tempo")).toBeVisible();
    await expect(page.getByText("Inklusive")).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "Course", name: "Achtsamkeit im Alltag" });
    await expectAccessible(page);

    await page.getByRole("link", { name: /Produkte entdecken/ }).click();
    await expect(page).toHaveURL("/products");
  });

  for (const [kind, message, back] of [
    ["products", "Das Produkt wurde nicht gefunden.", "Zurück zu allen Produkten"],
    ["events", "Die Veranstaltung wurde nicht gefunden.", "Zurück zu allen Veranstaltungen"],
    ["courses", "Der Kurs wurde nicht gefunden.", "Zurück zu allen Kursen"],
  ] as const) {
    test(`${kind}: unknown and malformed ids are not found (404), never a 500`, async ({ page }) => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "gibt-es-nicht", "1%27%20or%201%3D1"]) {
        const response = await page.goto(`/${kind}/${id}`);
        expect(response?.status(), id).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Oops! Etwas ist schiefgelaufen" })).toBeVisible();
        await expect(page.getByText(message)).toBeVisible();
        await expect(page.getByRole("link", { name: back })).toHaveAttribute("href", `/${kind}`);
      }
      await expectAccessible(page);
    });
  }
});
