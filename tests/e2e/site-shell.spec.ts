import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("site shell", () => {
  test("the header menus lead to every page of the spec's menus", async ({ page, javaScriptEnabled }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" }).first();
    const menus: Array<[string, Array<[string, string]>]> = [
      [
        "Angebote",
        [
          ["Kurse", "/courses"],
          ["Veranstaltungen", "/events"],
          ["Produkte", "/products"],
        ],
      ],
      [
        "Selbsttest",
        [
          ["Glückstest", "/glueckstest"],
          ["Scanner-Taucher-Test", "/scanner-taucher-test"],
        ],
      ],
      [
        "Über uns",
        [
          ["Unser Konzept", "/concept"],
          ["Team", "/team"],
        ],
      ],
    ];
    for (const [menu, entries] of menus) {
      const details = nav
        .locator("details")
        .filter({ has: page.locator("summary", { hasText: menu }) })
        .first();
      await details.locator("summary").click();
      for (const [label, href] of entries) {
        await expect(details.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
      if (javaScriptEnabled) {
        // With JavaScript only one menu is open at a time.
        await expect(nav.locator("details[open]")).toHaveCount(1);
      }
    }
    const about = nav
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: "Über uns" }) })
      .first();
    const film = about.getByRole("link", { name: /Film/ });
    await expect(film).toHaveAttribute("target", "_blank");
    await expect(film).toHaveAttribute("rel", /noopener/);

    const selbsttest = nav
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: "Selbsttest" }) })
      .first();
    if ((await selbsttest.getAttribute("open")) === null) await selbsttest.locator("summary").click();
    await selbsttest.getByRole("link", { name: "Glückstest" }).click();
    await expect(page).toHaveURL(/\/glueckstest$/);
  });

  test("with JavaScript, Escape and an outside click close a menu", async ({ page, javaScriptEnabled }) => {
    test.info().annotations.push({ type: "scope", description: "keyboard/outside-click behaviour needs JavaScript" });
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" }).first();
    const menu = nav.locator("details").first();
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    if (!javaScriptEnabled) return;
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(menu.locator("summary")).toBeFocused();
    await menu.locator("summary").click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).not.toHaveAttribute("open", "");
  });

  test("the footer links the legal pages, contact and the withdrawal button, with the current year", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [label, href] of [
      ["Impressum", "/impressum"],
      ["Datenschutz", "/datenschutz"],
      ["AGB", "/agb"],
      ["Kontakt", "/contact"],
      ["Vertrag widerrufen", "/vertrag-widerrufen"],
    ]) {
      await expect(footer.getByRole("link", { name: label, exact: true }).first()).toHaveAttribute("href", href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} BeHappy`);
  });

  test("an unknown path shows the 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/gibt-es-nicht/wirklich");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Zurück zur Startseite" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/gibt-es-nicht");
    await expectAccessible(page);
  });

  test("a page that finds nothing for its id says so in the title too", async ({ page }) => {
    // The receipt page throws its 404 to the error page, which had no title of its own.
    const response = await page.goto("/vertrag-kuendigen/eingang/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page).toHaveTitle("Seite nicht gefunden – BeHappy");
  });

  test("the theme switch works as a form and is remembered", async ({ page }) => {
    await page.goto("/about");
    const theme = page.getByRole("banner").locator('details[data-menu]:has(> summary[aria-label^="Farbschema"])');
    await theme.locator("summary").click();
    await theme.getByRole("button", { name: "Dunkel" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page).toHaveURL(/\/about$/);
    await page.goto("/concept");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectAccessible(page);
  });

  test("security headers are on every document", async ({ page }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    // A rendered page has this response's nonce; one from the page cache the hashes of its scripts.
    expect(headers["content-security-policy"]).toMatch(
      /script-src 'self'(?: 'nonce-[A-Za-z0-9+/=]+'| 'sha256-[A-Za-z0-9+/=]+')+;/,
    );
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("a cross-origin form post is rejected", async ({ page }) => {
    const response = await page.request.post("/cart", {
      form: { intent: "clear" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
  });

  test("@phone the slide-in menu holds the same entries", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    await page.locator("summary").filter({ hasText: "Menü öffnen" }).click();
    // One navigation in the page: the drawer holds the row's own links, not a copy.
    await expect(page.locator("nav[aria-label=Hauptnavigation]")).toHaveCount(1);
    const mobileNav = page.getByRole("navigation", { name: "Hauptnavigation" });
    await expect(mobileNav.getByRole("link", { name: "Kurse" })).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Glückstest" })).toBeVisible();
    // Every menu laid open under its title, the links named by it; the join link and the theme
    // switch below, without a further tap.
    await expect(mobileNav.getByRole("list", { name: "Selbsttest" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Mitglied werden" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Dunkel" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // At 320 px the three theme buttons still fit inside the drawer's padding.
    await page.setViewportSize({ width: 320, height: 640 });
    // The drawer at rest, once its slide-in has ended.
    const overhang = await page.getByRole("banner").evaluate(async (header) => {
      const panel = header.querySelector(".site-menu-panel")!;
      await Promise.all(panel.getAnimations().map((animation) => animation.finished));
      const inner = panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).paddingRight);
      const buttons = [...panel.querySelectorAll(".theme-option")].map((b) => b.getBoundingClientRect().right);
      return Math.max(...buttons) - inner;
    });
    expect(overhang).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await mobileNav.getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expectAccessible(page);
  });
});

/**
 * WCAG 2.4.11: a toast never stays over a control. With JavaScript it floats, can be closed and
 * goes after 4 s; without, it can do neither, so it stands in the page under the header and
 * pushes the content down instead of covering it.
 */
test("a toast covers no control: without JavaScript it stands in the page under the header @phone", async ({
  page,
  javaScriptEnabled,
}) => {
  const BOOK = "/products/b0000000-0000-4000-8000-000000000001";
  for (const width of javaScriptEnabled ? [0] : [1280, 320]) {
    if (width) await page.setViewportSize({ width, height: 720 });
    await page.goto(BOOK);
    await page
      .getByRole("region", { name: "In den Warenkorb" })
      .getByRole("button", { name: "In den Warenkorb" })
      .click();
    const toast = page.getByRole("region", { name: "Benachrichtigungen" }).getByText(/in den Warenkorb gelegt/);
    await expect(toast).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.getByRole("region", { name: "Benachrichtigungen" }).getByRole("button")).toHaveText(
        "Schließen",
      );
      await expect(toast).toBeHidden({ timeout: 7_000 });
      continue;
    }
    const overlaps = await page.evaluate(() => {
      const card = document.querySelector(".toaster > div > *")!.getBoundingClientRect();
      const header = document.querySelector("header")!.getBoundingClientRect();
      const hit = (r: DOMRect) =>
        r.width > 0 && r.left < card.right && r.right > card.left && r.top < card.bottom && r.bottom > card.top;
      const controls = [
        ...document.querySelectorAll<HTMLElement>(
          "main a[href], main button, main input, main select, main textarea, main summary",
        ),
      ]
        .filter((el) => hit(el.getBoundingClientRect()))
        .map((el) => el.outerHTML.slice(0, 80));
      return {
        controls,
        belowHeader: card.top >= header.bottom - 1,
        position: getComputedStyle(document.querySelector(".toaster")!).position,
      };
    });
    expect(overlaps, `${width} px`).toEqual({ controls: [], belowHeader: true, position: "static" });
    // The page's own content starts after the toast, not under it.
    const h1 = await page.getByRole("heading", { level: 1 }).boundingBox();
    const card = await page.locator(".toaster > div > *").boundingBox();
    expect(h1!.y, `${width} px`).toBeGreaterThanOrEqual(card!.y + card!.height);
  }
});
