import { expect, expectAccessible, test } from "./support/fixtures";
import { orderEvent, otherBrowser } from "./members-support";
import { cancelOrderOnItsPage } from "./support/admin-orders";

test.describe("dashboard", () => {
  test("signed out, /dashboard sends the visitor to /auth", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("reached by keyboard, the tab panel shows the focus ring", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/dashboard");
    await page.getByRole("tab", { name: "My Orders" }).focus();
    const panel = page.getByRole("tabpanel");
    // With JavaScript the other tab leaves the tab order (roving tab stop); without, it is one more stop.
    for (let stop = 0; stop < 2 && !(await panel.evaluate((el) => el === document.activeElement)); stop++) {
      await page.keyboard.press("Tab");
    }
    await expect(panel).toBeFocused();
    const outline = await panel.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });

  test("tabs live in the URL; a new member sees the empty state and their profile", async ({ page, signIn }) => {
    test.slow();
    const { email } = await signIn();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "My Dashboard" })).toBeVisible();
    // The spec's English names are marked as English for screen readers (WCAG 3.1.2).
    await expect(page.getByRole("heading", { level: 1, name: "My Dashboard" })).toHaveAttribute("lang", "en");
    await expect(page.getByRole("tab", { name: "My Orders" })).toHaveAttribute("lang", "en");
    await expect(page.getByRole("tab", { name: "My Orders" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel")).toContainText("Noch keine Bestellungen");
    await expect(page.getByRole("link", { name: "Angebote entdecken" })).toHaveAttribute("href", "/offers");
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByText("Erika Muster")).toBeVisible();
    await expect(panel.getByText(email).first()).toBeVisible();
    await expect(panel.getByRole("link", { name: "Bearbeiten" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a real order shows with its short id, status, items and total; participants up to the limit", async ({
    page,
    signIn,
  }) => {
    test.slow();
    await signIn();
    const { orderId, title } = await orderEvent(page, 2);
    await page.goto("/dashboard");
    const order = page.getByRole("region", { name: `Bestellung ${orderId.slice(0, 8)}…` });
    await expect(order).toBeVisible();
    await expect(order).toContainText("Ausstehend");
    await expect(order).toContainText(`2 × ${title}`);
    await expect(order.getByTestId("order-total")).toHaveText(/\d+,\d{2}\s€/);
    await expect(order).toContainText("Teilnehmer (0 von 2)");

    await order.getByRole("link", { name: "Register Participant" }).click();
    await expect(page).toHaveURL(/register=[0-9a-f-]{36}/);
    const registrationUrl = page.url();
    await expectAccessible(page);

    // Required fields, in German, values kept.
    await page.getByLabel("Nachname").fill("Becker");
    await page.getByRole("button", { name: "Teilnehmer anmelden" }).click();
    await expect(page.getByText("Bitte gib den Vornamen ein.")).toBeVisible();
    await expect(page.getByText("Bitte gib die E-Mail-Adresse der teilnehmenden Person ein.")).toBeVisible();
    await expect(page.getByLabel("Nachname")).toHaveValue("Becker");

    await page.getByLabel("Vorname").fill("Lea");
    await page.getByLabel("E-Mail").fill("lea.becker@example.com");
    await page.getByLabel("Anmerkungen (optional)").fill("Vegetarisch");
    // By keyboard: with JavaScript focus then waits on the new count, not at the top of the page.
    await page.getByRole("button", { name: "Teilnehmer anmelden" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Registration completed successfully!").first()).toBeVisible();
    await expect(page.getByText("Registration details submitted successfully").first()).toBeVisible();
    await expect(order).toContainText("Teilnehmer (1 von 2)");
    if (test.info().project.name !== "js-off")
      await expect(order.getByRole("heading", { name: "Teilnehmer (1 von 2)" })).toBeFocused();
    await expect(order).toContainText("Lea Becker · lea.becker@example.com");
    // The form is empty again for the next person (with JavaScript it had kept Lea's entries, and
    // Enter sent her a second time).
    for (const label of ["Vorname", "Nachname", "E-Mail", "Anmerkungen (optional)"]) {
      await expect(page.getByLabel(label)).toHaveValue("");
    }

    // A second tab still shows the form with one place left…
    const stale = await page.context().newPage();
    await stale.goto(registrationUrl);
    await expect(stale.getByRole("button", { name: "Teilnehmer anmelden" })).toBeVisible();

    // …while this one books the last place: the form closes.
    await expect(page.getByRole("link", { name: "Hide Registration Form" })).toBeVisible();
    await page.getByLabel("Vorname").fill("Tom");
    await page.getByLabel("Nachname").fill("Schulz");
    await page.getByLabel("E-Mail").fill("tom.schulz@example.com");
    await page.getByRole("button", { name: "Teilnehmer anmelden" }).click();
    await expect(page.getByText("Registration completed successfully!").first()).toBeVisible();
    await expect(order).toContainText("Teilnehmer (2 von 2)");
    // The form closed with the last seat; focus did not fall to the top of the page.
    if (test.info().project.name !== "js-off")
      await expect(order.getByRole("heading", { name: "Teilnehmer (2 von 2)" })).toBeFocused();
    await expect(order.getByRole("button", { name: "Teilnehmer anmelden" })).toHaveCount(0);
    await expect(order.getByRole("link", { name: "Register Participant" })).toHaveCount(0);
    await expect(order).toContainText("Maximum number of registrations reached for this order");

    // The stale tab's registration is refused by the database with the spec's message.
    await stale.getByLabel("Vorname").fill("Zu");
    await stale.getByLabel("Nachname").fill("Spät");
    await stale.getByLabel("E-Mail").fill("zu.spaet@example.com");
    await stale.getByRole("button", { name: "Teilnehmer anmelden" }).click();
    await expect(
      stale.getByRole("alert").filter({ hasText: "Maximum number of registrations reached for this order" }),
    ).toBeVisible();
    await expect(stale.getByText("Teilnehmer (2 von 2)")).toBeVisible();
    await stale.close();
  });

  test("a cancelled order offers no participant registration", async ({ page, signIn }) => {
    test.slow();
    const { email } = await signIn();
    const { orderId } = await orderEvent(page, 1);
    await signIn({ admin: true });
    await page.goto(`/admin/orders?order=${orderId}`);
    await cancelOrderOnItsPage(page);
    await signIn({ email });
    await page.goto("/dashboard");
    const order = page.getByRole("region", { name: `Bestellung ${orderId.slice(0, 8)}…` });
    await expect(order).toContainText("Storniert");
    await expect(order).toContainText("Die Bestellung ist storniert: Teilnehmer können nicht angemeldet werden.");
    await expect(order.getByRole("link", { name: "Register Participant" })).toHaveCount(0);
    // Its own page no longer thanks for it or offers the date for the calendar.
    await page.goto(`/order-confirmation/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deine Bestellung wurde storniert");
    await expect(page.getByRole("link", { name: /^In den Kalender eintragen/ })).toHaveCount(0);
  });

  test("'Hide Registration Form' closes the form", async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await orderEvent(page, 1);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Register Participant" }).click();
    await expect(page.getByRole("button", { name: "Teilnehmer anmelden" })).toBeVisible();
    await page.getByRole("link", { name: "Hide Registration Form" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=orders$/);
    await expect(page.getByRole("button", { name: "Teilnehmer anmelden" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Register Participant" })).toBeVisible();
  });

  test("another member neither sees my orders nor registers on them", async ({
    page,
    signIn,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.slow();
    await signIn();
    const { orderId } = await orderEvent(page, 2);
    await page.goto("/dashboard");
    const href = await page.getByRole("link", { name: "Register Participant" }).getAttribute("href");
    const orderItemId = new URL(href!, "http://x").searchParams.get("register")!;

    const other = await otherBrowser(browser, { baseURL, javaScriptEnabled });
    await other.page.goto(`/dashboard?tab=orders&register=${orderItemId}`);
    await expect(other.page.getByText("Noch keine Bestellungen")).toBeVisible();
    await expect(other.page.getByText(orderId.slice(0, 8))).toHaveCount(0);
    const response = await other.page.request.post(`/dashboard?tab=orders&register=${orderItemId}`, {
      form: { intent: "register", orderItemId, firstName: "Eve", lastName: "Mallory", email: "eve@example.com" },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Error submitting registration: Die Bestellposition wurde nicht gefunden.");
    await other.context.close();

    await page.reload();
    await expect(page.getByText("Teilnehmer (0 von 2)")).toBeVisible();
  });
});

test.describe("profile", () => {
  test("edit with German validation, save, and cancel", async ({ page, signIn }) => {
    test.slow();
    await signIn();
    await page.goto("/dashboard?tab=profile");
    await page.getByRole("link", { name: "Bearbeiten" }).click();
    await expect(page).toHaveURL(/tab=profile&edit=1$/);
    await expect(page.getByLabel("Vorname")).toHaveValue("Erika");
    await expectAccessible(page);

    await page.getByLabel("Anrede").selectOption("Frau");
    await page.getByLabel("Vorname").fill("Erika Maria");
    await page.getByLabel("Straße und Hausnummer").fill("Lindenstraße 5");
    await page.getByLabel("PLZ").fill("123");
    await page.getByLabel(/^Ort\*?$/).fill("Berlin");
    await page.getByLabel("Land").fill("Deutschland");
    await page.getByLabel("Telefon").fill("abc");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Eine deutsche Postleitzahl hat fünf Ziffern.")).toBeVisible();
    await expect(page.getByText("Bitte gib eine gültige Telefonnummer ein (Ziffern, +, /, -).")).toBeVisible();
    await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Lindenstraße 5");

    await page.getByLabel("PLZ").fill("10969");
    await page.getByLabel("Telefon").fill("030 123456");
    await page.getByLabel("Vorwahl").fill("+49");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    // The spec's English toast is said as English (WCAG 3.1.2).
    await expect(page.locator('[lang="en"]', { hasText: "Profile updated successfully" })).toHaveCount(1);
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    const panel = page.getByRole("tabpanel");
    await expect(panel).toContainText("Frau Erika Maria Muster");
    await expect(panel).toContainText("10969 Berlin");
    await expect(panel).toContainText("+49 030 123456");
    await expect(panel).toContainText("Zuletzt geändert");

    // A non-German address takes another postcode format.
    await page.getByRole("link", { name: "Bearbeiten" }).click();
    await page.getByLabel("PLZ").fill("1010");
    await page.getByLabel("Land").fill("Österreich");
    await page.getByLabel(/^Ort\*?$/).fill("Wien");
    await page.getByRole("link", { name: "Abbrechen" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
    await expect(panel).toContainText("10969 Berlin");
    await page.getByRole("link", { name: "Bearbeiten" }).click();
    await page.getByLabel("PLZ").fill("1010");
    await page.getByLabel("Land").fill("Österreich");
    await page.getByLabel(/^Ort\*?$/).fill("Wien");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(panel).toContainText("1010 Wien");
  });
});
