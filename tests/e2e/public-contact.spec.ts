import { expect, expectAccessible, test, uniqueEmail } from "./support/fixtures";

test.describe("contact page", () => {
  test("address, e-mail and phone cards; the map loads nothing until asked", async ({ page, javaScriptEnabled }) => {
    const thirdParty: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("openstreetmap.org")) thirdParty.push(request.url());
    });
    await page.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Karte</title>" }),
    );

    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Kontakt" })).toBeVisible();
    for (const title of ["Adresse", "E-Mail", "Telefon"]) {
      await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "hallo@behappy.example" })).toHaveAttribute(
      "href",
      "mailto:hallo@behappy.example",
    );
    await expect(page.getByRole("link", { name: "+49 30 23125 123" })).toHaveAttribute("href", "tel:+493023125123");
    await expect(page.getByRole("link", { name: /in OpenStreetMap öffnen/ })).toHaveAttribute(
      "href",
      /openstreetmap\.org\/search/,
    );
    await expectAccessible(page);
    expect(thirdParty).toEqual([]);

    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Karte anzeigen" }).click();
      const frame = page.locator("iframe");
      await expect(frame).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
      await expect(frame).toHaveAttribute("title", /Karte/);
    } else {
      await expect(page.getByRole("link", { name: /Karte anzeigen/ })).toHaveAttribute(
        "href",
        /^https:\/\/www\.openstreetmap\.org\//,
      );
      await expect(page.locator("iframe")).toHaveCount(0);
    }
  });

  test("missing and bad input get German messages next to the fields, values kept", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("main form");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(form.getByText("Bitte gib deinen Namen ein.")).toBeVisible();
    await expect(form.getByText("Bitte gib deine E-Mail-Adresse ein.")).toBeVisible();
    await expect(form.getByText("Bitte gib eine Nachricht ein.")).toBeVisible();

    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Mia Sommer");
    await form.getByRole("textbox", { name: "E-Mail", exact: true }).fill("keine-mail");
    await form.getByRole("textbox", { name: "Nachricht", exact: true }).fill("Hallo!");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(form.getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Mia Sommer");
    await expect(form.getByRole("textbox", { name: "Nachricht", exact: true })).toHaveValue("Hallo!");
    await expect(form.getByRole("textbox", { name: "E-Mail", exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("a message is sent: toast and an empty form", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("main form");
    await expect(form.getByRole("textbox", { name: "Nachricht", exact: true })).toHaveAttribute("rows", "5");
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Mia Sommer");
    await form.getByRole("textbox", { name: "E-Mail", exact: true }).fill(uniqueEmail("contact"));
    await form.getByLabel("Telefon (optional)").fill("+49 30 123456");
    await form
      .getByRole("textbox", { name: "Nachricht", exact: true })
      .fill("Ich interessiere mich für das Retreat am Tegernsee.");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByText("Nachricht gesendet!")).toBeVisible();
    await expect(
      page.getByText("Vielen Dank für deine Nachricht. Wir melden uns so schnell wie möglich bei dir."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(form.getByRole("textbox", { name: "Nachricht", exact: true })).toHaveValue("");
  });

  test("a bot filling the honeypot is told 'sent' but nothing is stored", async ({ request }) => {
    const response = await request.post("/contact", {
      form: { name: "Bot", email: "bot@example.com", message: "Spam", website_url: "https://spam.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/contact");
  });
});
