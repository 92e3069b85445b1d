import type { Page } from "@playwright/test";
import { otherBrowser } from "./members-support";
import { expect, expectAccessible, mailsTo, test, uniqueEmail } from "./support/fixtures";
import { addListedProduct, addToCart, productOfItsOwn } from "./support/shop";

async function choosePlan(page: Page, name: "Free" | "Lifetime" | "Yearly") {
  await page.goto("/join");
  await page.getByRole("button", { name: `Get ${name}` }).click();
  await expect(page.getByRole("article", { name })).toContainText("Ausgewählt");
}

async function fillAddress(page: Page) {
  await page.getByLabel("Straße und Hausnummer").fill("Sonnenallee 7");
  await page.getByLabel("PLZ").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel("Land").fill("Deutschland");
}

test.describe("join and plans", () => {
  test("plans come in the spec's order, one plan at a time, and the selection survives a reload", async ({ page }) => {
    await page.goto("/join");
    await expect(page.getByRole("heading", { level: 1, name: "Jetzt Mitglied werden" })).toBeVisible();
    const names = await page.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
    expect(names).toEqual(["Free", "Lifetime", "Yearly"]);
    await expect(page.getByText("Beliebteste Wahl")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Get Yearly" }).click();
    await expect(
      page.getByRole("article", { name: "Yearly" }).getByRole("button", { name: "Ausgewählt" }),
    ).toBeVisible();
    await expect(page.getByText("Beliebteste Wahl")).toHaveCount(0);
    // Lifetime is greyed out while another plan is selected.
    await expect(page.getByRole("article", { name: "Lifetime" })).toHaveCSS("opacity", "0.5");
    await expect(page.getByRole("link", { name: /Warenkorb, 1 Artikel/ }).first()).toBeVisible();

    await page.getByRole("button", { name: "Get Free" }).click();
    await expect(page.getByRole("article", { name: "Free" }).getByRole("button", { name: "Ausgewählt" })).toBeVisible();
    await expect(
      page.getByRole("article", { name: "Yearly" }).getByRole("button", { name: "Get Yearly" }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole("article", { name: "Free" }).getByRole("button", { name: "Ausgewählt" })).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByRole("list", { name: "Artikel im Warenkorb" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Free Membership" })).toBeVisible();
  });

  test("the personal form uses the spec's messages and needs a plan", async ({ page }) => {
    await page.goto("/join");
    await page.getByLabel("Vorname").fill("A");
    await page.getByLabel("Nachname").fill("B");
    await page.getByLabel("E-Mail").fill("keine-mail");
    await page.getByRole("button", { name: "Beitreten" }).click();
    await expect(page.getByText("First name must be at least 2 characters.")).toBeVisible();
    await expect(page.getByText("Last name must be at least 2 characters.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();

    await page.getByLabel("Vorname").fill("Anna");
    await page.getByLabel("Nachname").fill("Berg");
    await page.getByLabel("E-Mail").fill("anna@example.com");
    await page.getByRole("button", { name: "Beitreten" }).click();
    await expect(page.getByText("Bitte wähle einen Plan aus")).toBeVisible();
    await expect(page.getByText("Wähle einen Mitgliedschaftsplan aus, um fortzufahren.")).toBeVisible();
    await expect(page.getByLabel("Vorname")).toHaveValue("Anna");
  });

  test("with a plan, 'Beitreten' carries the names to checkout; the e-mail there is the account's", async ({
    page,
    signIn,
  }) => {
    const { email } = await signIn();
    await choosePlan(page, "Lifetime");
    await page.getByLabel("Vorname").fill("Anna");
    await page.getByLabel("Nachname").fill("Berg");
    await page.getByLabel("E-Mail").fill("anna.berg@example.com");
    await page.getByRole("button", { name: "Beitreten" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText("Weiter zum Checkout")).toBeVisible();
    await expect(page.getByLabel("Vorname")).toHaveValue("Anna");
    // The order's mails go to the account's address, so the checkout shows that one, read-only.
    await expect(page.getByLabel("E-Mail")).toHaveValue(email);
    await expect(page.getByLabel("E-Mail")).not.toBeEditable();
    await expect(
      page.getByText("Die E-Mail-Adresse deines Kontos: Dorthin senden wir die Bestellbestätigung"),
    ).toBeVisible();
  });
});

test.describe("checkout", () => {
  test("a visitor who is not signed in is sent to /auth?redirect=checkout", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/auth\?redirect=checkout$/);
    await expect(page.getByText("Bitte melde dich an, um fortzufahren.")).toBeVisible();
    await expect(
      page.getByText("Bitte melde dich an oder registriere dich, um den Bestellvorgang fortzusetzen"),
    ).toBeVisible();
  });

  test("an empty cart is sent back to /cart", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("Warenkorb ist leer", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Produkte" }).last()).toBeVisible();
  });

  test("a member checks out, sees the confirmation and gets the mail with the Widerrufsbelehrung", async ({
    page,
    signIn,
  }) => {
    const { email } = await signIn();
    await choosePlan(page, "Yearly");
    await addToCart(page, "/events/e0000000-0000-4000-8000-000000000001");
    await page.goto("/checkout");
    await expect(page.getByText("Zahlungspflichtig bestellen")).toBeVisible();
    // § 312j Abs. 2: next to each line what it is: the plan's term, the event's date and place.
    const summary = page.getByRole("region", { name: "Deine Bestellung" });
    await expect(summary).toContainText("Laufzeit 12 Monate, ohne automatische Verlängerung");
    await expect(summary).toContainText("14.03.2027, 10:00 – 16:00 Uhr · Berlin, Kulturbrauerei");
    await expect(page.getByTestId("checkout-payment")).toContainText("Bezahlung per Überweisung (Vorkasse)");
    await expect(page.getByRole("link", { name: "AGB" }).first()).toHaveAttribute("href", "/agb");
    await expectAccessible(page);
    const total = await page.getByTestId("checkout-total").textContent();
    await fillAddress(page);
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();

    await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Vielen Dank für deine Bestellung!" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Yearly Membership" })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText(total!);
    await expect(page.getByRole("link", { name: "hallo@behappy.example" })).toBeVisible();
    // § 312k: the confirmation says how a membership is cancelled, with the way there.
    await expect(page.getByTestId("membership-cancel-hint")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "hier kündigen", exact: true })).toHaveAttribute(
      "href",
      "/vertrag-kuendigen",
    );
    await expectAccessible(page);
    // The cart is empty afterwards.
    await expect(page.getByRole("link", { name: /Warenkorb, \d+ Artikel/ })).toHaveCount(0);

    await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
    const mail = mailsTo(email)[0].text;
    expect(mail).toContain("Yearly Membership");
    expect(mail).toContain("Widerrufsbelehrung");
    // The statutory model's paragraph for goods, as in the AGB: without it the shop pays the return.
    expect(mail).toContain("Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.");
    expect(mail).toContain("Muster-Widerrufsformular");
    // The contract on a durable medium (§ 312f): each line's essentials, and the AGB attached.
    expect(mail).toContain("Laufzeit 12 Monate, ohne automatische Verlängerung");
    expect(mail).toContain("14.03.2027, 10:00 – 16:00 Uhr · Berlin, Kulturbrauerei");
    expect(mail).toMatch(/filename="?AGB-BeHappy\.txt/);
  });

  test("bad address input keeps the values and names the problem in German", async ({ page, signIn }) => {
    await signIn();
    await choosePlan(page, "Free");
    await page.goto("/checkout");
    await fillAddress(page);
    await page.getByLabel("PLZ").fill("123");
    await page.getByLabel("Telefon").fill("abc");
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page.getByText("Eine deutsche Postleitzahl hat fünf Ziffern.")).toBeVisible();
    await expect(page.getByText("Bitte gib eine gültige Telefonnummer ein (Ziffern, +, /, -).")).toBeVisible();
    // Focus waits in the first field to correct, also when the page came back from the server (JS off).
    await expect(page.getByLabel("PLZ")).toBeFocused();
    await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Sonnenallee 7");
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("goods go to addresses in Germany: another country is refused at its field, then corrected @phone", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await addToCart(page, "/products/b0000000-0000-4000-8000-000000000001");
    await page.goto("/checkout");
    await fillAddress(page);
    await page.getByLabel("Land").fill("Österreich");
    await page.getByLabel("PLZ").fill("1010");
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    const refusal = "Wir liefern Produkte nur innerhalb Deutschlands. Bitte gib eine Adresse in Deutschland an.";
    await expect(page.getByText(refusal).first()).toBeVisible();
    await expect(page.getByLabel("Land")).toBeFocused();
    await expect(page.getByLabel("Land")).toHaveValue("Österreich");
    await expect(page).toHaveURL(/\/checkout$/);
    await expectAccessible(page);

    await page.getByLabel("Land").fill("Deutschland");
    await page.getByLabel("PLZ").fill("10115");
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  });

  test("a membership needs no delivery: a billing address abroad is fine", async ({ page, signIn }) => {
    await signIn();
    await choosePlan(page, "Yearly");
    await page.goto("/checkout");
    await fillAddress(page);
    await page.getByLabel("Land").fill("Österreich");
    await page.getByLabel("PLZ").fill("1010");
    await page.getByLabel(/^Ort\*?$/).fill("Wien");
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  });

  test("prices and an e-mail sent by the browser are ignored, and a double submit makes one order", async ({
    page,
    signIn,
  }) => {
    const { email } = await signIn();
    const typed = uniqueEmail("typed");
    await choosePlan(page, "Lifetime");
    await page.goto("/checkout");
    const token = await page.locator('input[name="checkoutToken"]').inputValue();
    const summary = await page.locator('input[name="summary"]').inputValue();
    const expectedTotal = await page.getByTestId("checkout-total").textContent();
    const form = {
      checkoutToken: token,
      summary,
      firstName: "Tom",
      lastName: "Tester",
      email: typed,
      street: "Weg 1",
      zipcode: "10115",
      city: "Berlin",
      country: "Deutschland",
      price: "0.01",
      total_amount: "0.01",
      "lines[0].price": "0.01",
    };
    const first = await page.request.post("/checkout", { form, maxRedirects: 0 });
    const second = await page.request.post("/checkout", { form, maxRedirects: 0 });
    expect(first.status()).toBe(302);
    expect(second.status()).toBe(302);
    expect(second.headers().location).toBe(first.headers().location);
    await page.goto(first.headers().location!);
    await expect(page.getByTestId("order-total")).toHaveText(expectedTotal!);
    // One confirmation, to the account's address: never to an address nobody confirmed.
    await expect.poll(() => mailsTo(email).length).toBe(1);
    expect(mailsTo(email)[0].text).toContain("Hallo Tom Tester,");
    expect(mailsTo(typed)).toEqual([]);
    // The same form sent once more after a new item went into the cart: the placed order again,
    // and the new cart is left as it is.
    await addToCart(page, "/products/b0000000-0000-4000-8000-000000000001");
    const late = await page.request.post("/checkout", { form, maxRedirects: 0 });
    expect(late.headers().location).toBe(first.headers().location);
    await page.goto("/cart");
    await expect(page.getByLabel("Menge für Dankbarkeitstagebuch")).toHaveValue("1");
    expect(mailsTo(email)).toHaveLength(1);
  });

  test("§ 312j: a cart changed in another tab orders nothing and shows the new total @phone", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await addToCart(page, "/products/b0000000-0000-4000-8000-000000000001");
    await page.goto("/checkout");
    const shownTotal = await page.getByTestId("checkout-total").textContent();
    await fillAddress(page);
    await page.getByLabel("Anmerkungen").fill("Bitte klingeln");

    // Another tab of the same browser doubles the quantity while this summary is on screen.
    const otherTab = await page.context().newPage();
    await otherTab.goto("/cart");
    const quantity = otherTab.getByLabel(/^Menge für /);
    await quantity.fill("2");
    await otherTab.getByRole("button", { name: "Aktualisieren" }).click();
    await expect(otherTab.getByText("Warenkorb aktualisiert").first()).toBeVisible();
    await otherTab.close();

    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page.getByText("Die Preise haben sich geändert – bitte prüfe deine Bestellung")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    const newTotal = page.getByTestId("checkout-total");
    await expect(newTotal).not.toHaveText(shownTotal!);
    await expect(page.getByText(/^2 × /)).toBeVisible();
    // What was typed stays; nothing was ordered.
    await expect(page.getByLabel("Anmerkungen")).toHaveValue("Bitte klingeln");
    await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Sonnenallee 7");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Noch keine Bestellungen" })).toBeVisible();

    // The second press confirms the new summary and orders it.
    await page.goto("/checkout");
    const confirmedTotal = await page.getByTestId("checkout-total").textContent();
    await fillAddress(page);
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("order-total")).toHaveText(confirmedTotal!);
    // Goods only: no membership to cancel, so no word of one.
    await expect(page.getByTestId("membership-cancel-hint")).toHaveCount(0);
  });

  test("an item deleted while the order form is open: said so, what was typed stays, the rest orders @phone", async ({
    page,
    browser,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn();
    const product = await productOfItsOwn(browser);
    await addListedProduct(page, product.title);
    await addToCart(page, "/products/b0000000-0000-4000-8000-000000000001");
    await page.goto("/checkout");
    await fillAddress(page);
    await page.getByLabel("Anmerkungen").fill("Bitte klingeln");
    await product.remove();

    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page.getByText("Ein Artikel in deinem Warenkorb ist nicht mehr verfügbar.").first()).toBeVisible();
    await expect(
      page.getByText("Ein Artikel ist nicht mehr im Angebot und wurde aus deinem Warenkorb entfernt."),
    ).toBeVisible();
    const summary = page.getByRole("region", { name: "Deine Bestellung" });
    await expect(summary).not.toContainText(product.title);
    await expect(summary).toContainText("Dankbarkeitstagebuch");
    await expect(page.getByLabel("Anmerkungen")).toHaveValue("Bitte klingeln");
    await expect(page.getByLabel("Straße und Hausnummer")).toHaveValue("Sonnenallee 7");
    await expectAccessible(page);

    // The next press orders what is left.
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Dankbarkeitstagebuch").first()).toBeVisible();
  });

  test("another member's confirmation URL shows 'not found'", async ({
    page,
    browser,
    signIn,
    baseURL,
    javaScriptEnabled,
  }) => {
    await signIn();
    await choosePlan(page, "Free");
    await page.goto("/checkout");
    await fillAddress(page);
    await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
    await expect(page).toHaveURL(/\/order-confirmation\//);
    const url = page.url();

    // Another member: RLS hides the order. A visitor is asked to sign in first.
    const other = await otherBrowser(browser, { baseURL, javaScriptEnabled });
    await other.page.goto(url);
    await expect(other.page.getByText("Die Bestellung wurde nicht gefunden.")).toBeVisible();
    await other.page.goto("/order-confirmation/kein-uuid");
    await expect(other.page.getByText("Die Bestellung wurde nicht gefunden.")).toBeVisible();
    await other.context.close();
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(url);
    await expect(visitorPage).toHaveURL(/\/auth\?redirectTo=/);
    await visitor.close();
  });
});

test.describe("Widerrufsbutton", () => {
  test("a customer withdraws in two steps without signing in and gets a neutral receipt by mail", async ({ page }) => {
    const email = `widerruf-${Date.now()}@example.com`;
    await page.goto("/");
    await page.getByRole("link", { name: "Vertrag widerrufen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vertrag widerrufen" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Erika Muster");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByLabel("Bestellnummer").fill("zz");
    await page.getByRole("button", { name: "Weiter zur Bestätigung" }).click();
    await expect(page.getByText("Die Bestellnummer besteht aus 8 Zeichen")).toBeVisible();
    await page.getByLabel("Bestellnummer").fill("3f2a9c1b");
    await page.getByRole("button", { name: "Weiter zur Bestätigung" }).click();

    await expect(page.getByText("Schritt 2 von 2")).toBeVisible();
    await expect(page.getByText("3F2A9C1B")).toBeVisible();
    // Keyboard users keep their place: the new step (with JavaScript, in place) and the receipt
    // page (a client navigation) take focus; without it each is a fresh page.
    const enhanced = test.info().project.name !== "js-off";
    if (enhanced) await expect(page.getByText("Schritt 2 von 2")).toBeFocused();
    await page.getByRole("button", { name: "Widerruf bestätigen" }).click();
    await expect(page.getByText("Widerruf eingegangen")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Dein Widerruf ist eingegangen" })).toBeVisible();
    if (enhanced) await expect(page.getByRole("main")).toBeFocused();
    await expect(page.getByTestId("withdrawal-receipt")).toContainText("Bestellnummer3f2a9c1b");
    await expect.poll(() => mailsTo(email).length).toBe(1);
    // Anyone may type any address: the receipt has date and time, but nothing the sender typed
    // (the number matches no order of this address, so it is not repeated either).
    const receipt = mailsTo(email)[0].text;
    expect(receipt).toMatch(/am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr ist bei uns eine Widerrufserklärung eingegangen/);
    expect(receipt).not.toContain("Erika");
    expect(receipt).not.toMatch(/3F2A9C1B/i);
  });
});
