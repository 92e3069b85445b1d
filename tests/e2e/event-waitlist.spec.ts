import { cancelOrderOnItsPage } from "./support/admin-orders";
import { postNewEvent } from "./support/admin-events";
import { listCard } from "./support/catalog-list";
import type { Browser, Locator, Page } from "@playwright/test";
import { checkOutCart, openCheckoutFilled } from "./members-support";
import { sidewaysProblems } from "./support/layout";
import {
  expect,
  expectAccessible,
  mailsTo,
  PASSWORD,
  test,
  uniqueEmail,
  waitForReactOnNavigation,
} from "./support/fixtures";

/**
 * After an event sells out (issue 27): the waitlist form with its errors and retry, a freed seat
 * mailed to the first in line, whose link puts the held seat into the cart and lets them book; a
 * checkout refused for want of seats and its retry; an admin who moves a booked event tells the
 * attendees. JavaScript on and off (the projects), a phone (@phone), and by keyboard alone.
 */

let n = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${process.pid}${++n}`;

/** Another browser, set up like the project's; signed in as `email` when given. */
async function secondBrowser(browser: Browser, email?: string) {
  const { baseURL, javaScriptEnabled, locale, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale, viewport });
  const page = await context.newPage();
  if (javaScriptEnabled !== false) waitForReactOnNavigation(page);
  if (email) await signInAs(page, email);
  return page;
}

async function signInAs(page: Page, email: string) {
  const response = await page.request.post("/__e2e/session", {
    data: { email, password: PASSWORD, firstName: "Erika", lastName: "Muster" },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/**
 * A new event starting 12.12.2030 18:00 with `seats` seats, created by the signed-in admin; its path.
 * Posted as the admin's form posts it (the form and its seat fields are event-seats' and
 * admin-catalog's subject).
 */
async function newEvent(page: Page, title: string, seats: number) {
  await postNewEvent(page, {
    title,
    price: "25",
    starts_at: "2030-12-12T18:00",
    ends_at: "2030-12-12T20:00",
    capacity: String(seats),
  });
  const card = await listCard(page, "/events", title);
  return (await card.getByRole("link", { name: title, exact: true }).first().getAttribute("href"))!;
}

/** Books `quantity` seats in a new member's browser; returns that browser, the address and the order id. */
async function bookAsNewMember(browser: Browser, path: string, quantity = 1) {
  const email = uniqueEmail("booker");
  const page = await secondBrowser(browser, email);
  const added = await page.request.post("/cart", {
    form: { intent: "add", itemId: path.split("/").pop()!, itemType: "event", quantity: String(quantity) },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const orderId = await checkOutCart(page);
  return { page, email, orderId };
}

const offerLink = (email: string) => {
  const mail = mailsTo(email).find((m) => m.text.includes("ist ein Platz frei geworden"));
  const match = mail ? /(\/warteliste\?token=[A-Za-z0-9_-]+)/.exec(mail.text) : null;
  return match?.[1];
};

test("sold out: the waitlist form, a freed seat mailed to the first in line, booked by the link @phone", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const title = uniqueTitle("Kreis");
  await signIn({ admin: true });
  const path = await newEvent(page, title, 1);
  const booker = await bookAsNewMember(browser, path);

  // A visitor finds the event sold out, with the waitlist instead of the cart.
  const visitor = await secondBrowser(browser);
  await visitor.goto(path);
  await expect(visitor.getByText("Ausgebucht", { exact: true })).toBeVisible();
  await expect(visitor.getByRole("button", { name: /in den Warenkorb legen/ })).toHaveCount(0);
  const form = visitor.getByRole("region", { name: "Auf die Warteliste" });
  await expect(form).toContainText("Wir verwenden deinen Namen und deine E-Mail-Adresse nur");
  await expectAccessible(visitor);

  // A wrong address: a German error next to the field, the name kept; then the retry.
  const waiting = uniqueEmail("wartend");
  await form.getByLabel("Name").fill("Lina Warteliste");
  await form.getByLabel("E-Mail").fill("lina-at-example");
  await form.getByRole("button", { name: "Auf die Warteliste setzen" }).click();
  await expect(form.getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Lina Warteliste");
  await form.getByLabel("E-Mail").fill(waiting);
  await form.getByRole("button", { name: "Auf die Warteliste setzen" }).click();
  await expect(visitor.getByText("Du stehst auf der Warteliste", { exact: true })).toBeVisible();
  await expect(visitor.getByText(`Sobald ein Platz frei wird, schreiben wir dir an ${waiting}.`)).toBeVisible();
  // Twice is once.
  await visitor.getByRole("region", { name: "Auf die Warteliste" }).getByLabel("Name").fill("Lina Warteliste");
  await visitor.getByRole("region", { name: "Auf die Warteliste" }).getByLabel("E-Mail").fill(waiting);
  await visitor.getByRole("button", { name: "Auf die Warteliste setzen" }).click();
  await expect(visitor.getByText("Du stehst bereits auf der Warteliste")).toBeVisible();

  // The admin sees her on the waitlist, then cancels the booking: the seat is offered to her.
  await page.goto(`${path.replace("/events/", "/admin/events/")}/teilnehmer`);
  await expect(page.getByTestId("waitlist-row")).toHaveCount(1);
  await expect(page.getByTestId("waitlist-row")).toContainText("Wartet");
  await expectAccessible(page);
  await page.goto(`/admin/orders?order=${booker.orderId}`);
  await cancelOrderOnItsPage(page);
  await expect(page.getByText("Der Bestellstatus wurde auf „Storniert“ geändert.")).toBeVisible();
  await booker.page.context().close();
  await page.goto(`${path.replace("/events/", "/admin/events/")}/teilnehmer`);
  await expect(page.getByTestId("waitlist-row")).toContainText("Angeboten bis");
  await expect(page.getByTestId("attendee-counts")).toHaveText(
    "0 gebucht · 0 bezahlt · 1 für die Warteliste reserviert · 0 frei",
  );
  // The cancelled order holds no seat: the CSV leaves it out, as the counts and the check-in list.
  const csv = await page.request.get(`${path.replace("/events/", "/admin/events/")}/teilnehmer.csv`);
  expect(await csv.text()).not.toContain(booker.orderId.slice(0, 8));

  // The held seat is not for anyone else.
  await visitor.goto(path);
  await expect(visitor.getByText("Ausgebucht", { exact: true })).toBeVisible();

  expect((await page.request.post("/__e2e/jobs")).ok()).toBeTruthy();
  await expect.poll(() => offerLink(waiting), { timeout: 20_000 }).toBeTruthy();
  const mail = mailsTo(waiting).find((m) => m.text.includes("ist ein Platz frei geworden"))!;
  expect(mail.text).toContain(`gute Nachricht: Für „${title}“ ist ein Platz frei geworden. Wir halten ihn bis`);

  // Neither the sold-out page with its form nor the offer scrolls sideways on a phone (or a laptop).
  const viewport = visitor.viewportSize()!;
  expect(await sidewaysProblems(visitor, [path, offerLink(waiting)!])).toEqual([]);
  await visitor.setViewportSize(viewport);

  // Her link shows the offer; a GET changes nothing, the button puts the seat into her cart.
  await visitor.goto(offerLink(waiting)!);
  await expect(visitor.getByRole("heading", { level: 1, name: "Dein Platz ist reserviert" })).toBeVisible();
  await expect(visitor.getByText(`Buche mit einem Konto zur E-Mail-Adresse ${waiting}`)).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole("button", { name: "In den Warenkorb und buchen" }).click();
  await expect(visitor).toHaveURL(/\/cart$/);
  await expect(visitor.getByText("Dein Platz liegt im Warenkorb")).toBeVisible();
  await expect(visitor.getByRole("link", { name: title })).toBeVisible();

  // The offer holds one seat: two are refused with the reason, and the held seat stays in the cart.
  await visitor.getByLabel(`Menge für ${title}`).fill("2");
  await visitor
    .getByRole("list", { name: "Artikel im Warenkorb" })
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("button", { name: "Aktualisieren" })
    .click();
  await expect(
    visitor
      .getByText(
        `Für ${title} ist 1 Platz von der Warteliste für dich reserviert – so viele, wie wir dir angeboten haben. Weitere Plätze sind nicht frei.`,
      )
      .first(),
  ).toBeVisible();
  await expect(visitor.getByLabel(`Menge für ${title}`)).toHaveValue("1");
  await expect(visitor.getByRole("link", { name: title })).toBeVisible();

  // Ordered under another account, the held seat is not that account's: the refusal says whose it is.
  await signInAs(visitor, uniqueEmail("andere"));
  await openCheckoutFilled(visitor);
  await visitor.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(
    visitor
      .getByText(
        "Plätze aus einem Wartelisten-Angebot sind für die E-Mail-Adresse reserviert, an die das Angebot ging: Bitte melde dich mit dieser Adresse an.",
        { exact: false },
      )
      .first(),
  ).toBeVisible();
  await expect(visitor).toHaveURL(/\/checkout$/);

  // She signs up with that address and books the held seat.
  await signInAs(visitor, waiting);
  await checkOutCart(visitor);
  await page.goto(`${path.replace("/events/", "/admin/events/")}/teilnehmer`);
  await expect(page.getByTestId("attendee-counts")).toHaveText("1 gebucht · 0 bezahlt · 0 frei");
  await expect(page.getByText("Niemand wartet.")).toBeVisible();
  await visitor.goto(offerLink(waiting)!);
  await expect(visitor.getByRole("heading", { level: 1, name: "Schon gebucht" })).toBeVisible();
  await visitor.context().close();
});

test("a checkout refused for want of seats keeps the cart; fewer seats then go through", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(150_000);
  const title = uniqueTitle("Zirkel");
  await signIn({ admin: true });
  const path = await newEvent(page, title, 2);

  // Two seats go into this member's cart while both are free …
  const member = await secondBrowser(browser, uniqueEmail("zwei"));
  const added = await member.request.post("/cart", {
    form: { intent: "add", itemId: path.split("/").pop()!, itemType: "event", quantity: "2" },
  });
  expect(added.ok()).toBeTruthy();
  // … and someone else books one of them first.
  const other = await bookAsNewMember(browser, path);
  await other.page.context().close();

  await member.goto("/checkout");
  await member.getByLabel("Straße und Hausnummer").fill("Sonnenallee 7");
  await member.getByLabel("PLZ").fill("10115");
  await member.getByLabel(/^Ort\*?$/).fill("Berlin");
  await member.getByLabel("Land").fill("Deutschland");
  await member.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(member.getByText(`Für „${title}“ ist nur noch 1 Platz frei.`)).toBeVisible();
  await expect(member).toHaveURL(/\/checkout$/);
  await expect(member.getByLabel("Straße und Hausnummer")).toHaveValue("Sonnenallee 7");

  // The cart still holds both; one seat goes through.
  await member.goto("/cart");
  const quantity = member.getByLabel(`Menge für ${title}`);
  await expect(quantity).toHaveValue("2");
  await quantity.fill("1");
  await member
    .getByRole("list", { name: "Artikel im Warenkorb" })
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("button", { name: "Aktualisieren" })
    .click();
  // The cart's answer, not the typed value: the checkout must not open before the cart holds 1.
  await expect(member.getByText(`Menge für ${title} wurde aktualisiert.`).first()).toBeVisible();
  await expect(member.getByLabel(`Menge für ${title}`)).toHaveValue("1");
  await checkOutCart(member);
  await member.context().close();
});

test("an admin moves a booked event and tells the attendees: one change mail with the new time", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(150_000);
  const title = uniqueTitle("Umzug");
  await signIn({ admin: true });
  const path = await newEvent(page, title, 5);
  const booker = await bookAsNewMember(browser, path);
  await booker.page.context().close();

  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
  await page.getByLabel("Beginn (optional)").fill("2030-12-13T18:00");
  await page.getByLabel("Ende (optional)").fill("2030-12-13T20:00");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/teilnehmer\?aenderung=1$/);
  const notice = page.getByTestId("change-notice");
  await expect(notice).toContainText("1 Platz ist gebucht.");
  await expectAccessible(page);
  const attendees = new URL(page.url()).pathname + "?aenderung=1";
  expect(await sidewaysProblems(page, [attendees])).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(attendees);
  await notice.getByRole("button", { name: "Ja, Änderung mitteilen" }).click();
  await expect(page.getByText("1 E-Mail ist unterwegs.")).toBeVisible();
  await expect(page.getByTestId("change-notice")).toHaveCount(0);

  const changeMail = () => mailsTo(booker.email).find((m) => m.text.includes(`„${title}“ hat sich geändert`));
  await expect.poll(() => changeMail() !== undefined, { timeout: 20_000 }).toBe(true);
  expect(changeMail()!.text).toContain("findet jetzt am 13.12.2030, 18:00 Uhr in Leipzig statt");
  const ics = /Content-Type: text\/calendar[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
    changeMail()!.raw,
  );
  const file = Buffer.from(ics![1].replace(/\s/g, ""), "base64").toString("utf8");
  expect(file).toContain("DTSTART;TZID=Europe/Berlin:20301213T180000");
  expect(file).toContain("SEQUENCE:1");

  // Saying no sends nothing: a second move, then "Nein".
  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
  await page.getByLabel(/^Ort\*?$/).fill("Halle");
  await page.getByRole("button", { name: "Speichern" }).click();
  await page.getByRole("link", { name: "Nein, nicht informieren" }).click();
  await expect(page.getByTestId("change-notice")).toHaveCount(0);
  await page.waitForTimeout(1_000);
  expect(mailsTo(booker.email).filter((m) => m.text.includes("hat sich geändert"))).toHaveLength(1);
});

/** Presses Tab until `target` has the focus (as a keyboard user would), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reachable by Tab: ${target}`);
}

/** Replaces the focused field's text by typing. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

test("by keyboard alone: book two seats, then join the waitlist of the sold-out event", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(180_000);
  const title = uniqueTitle("Tastatur");
  await signIn({ admin: true });
  const path = await newEvent(page, title, 2);
  const memberEmail = uniqueEmail("tasten");
  const member = await secondBrowser(browser, memberEmail);

  await member.goto(path);
  await typeInto(member, member.getByLabel("Menge"), "2");
  await tabTo(member, member.getByRole("button", { name: `${title} in den Warenkorb legen` }));
  await member.keyboard.press("Enter");
  await expect(member.getByText(`${title} wurde in den Warenkorb gelegt.`).first()).toBeAttached();
  await member.goto("/cart");
  await tabTo(member, member.getByRole("link", { name: "Zur Kasse" }));
  await member.keyboard.press("Enter");
  await expect(member).toHaveURL(/\/checkout$/);
  await typeInto(member, member.getByLabel("Straße und Hausnummer"), "Sonnenallee 7");
  await typeInto(member, member.getByLabel("PLZ"), "10115");
  await typeInto(member, member.getByLabel(/^Ort\*?$/), "Berlin");
  await typeInto(member, member.getByLabel("Land"), "Deutschland");
  await tabTo(member, member.getByRole("button", { name: "Zahlungspflichtig bestellen" }));
  await member.keyboard.press("Enter");
  await expect(member).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);

  // Now sold out: the waitlist form, by keyboard, with an error first and the retry.
  await member.goto(path);
  const form = member.getByRole("region", { name: "Auf die Warteliste" });
  // A member finds the profile's name and the account's address filled in, and may change both.
  await expect(form.getByLabel("Name")).toHaveValue("Erika Muster");
  await expect(form.getByLabel("E-Mail")).toHaveValue(memberEmail);
  await typeInto(member, form.getByLabel("Name"), "Tara Tastatur");
  await typeInto(member, form.getByLabel("E-Mail"), "tara-at-example");
  await tabTo(member, form.getByRole("button", { name: "Auf die Warteliste setzen" }));
  await member.keyboard.press("Enter");
  await expect(form.getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Tara Tastatur");
  await typeInto(member, form.getByLabel("E-Mail"), uniqueEmail("tara"));
  await typeInto(member, form.getByLabel("Plätze"), "2");
  await tabTo(member, form.getByRole("button", { name: "Auf die Warteliste setzen" }));
  await member.keyboard.press("Enter");
  await expect(member.getByText("Du stehst auf der Warteliste", { exact: true })).toBeVisible();
  await member.context().close();
});

test("an admin removes someone from the waitlist; an offered seat given up by the link is free again", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(150_000);
  const title = uniqueTitle("Reihe");
  await signIn({ admin: true });
  const path = await newEvent(page, title, 1);
  const booker = await bookAsNewMember(browser, path);
  await booker.page.context().close();
  const [first, second] = [uniqueEmail("erste"), uniqueEmail("zweite")];
  for (const [name, email] of [
    ["Erste Wartende", first],
    ["Zweite Wartende", second],
  ]) {
    const joined = await page.request.post(path, { form: { name, email, seats: "1" } });
    expect(await joined.text()).toContain("Du stehst auf der Warteliste");
  }

  const attendees = `${path.replace("/events/", "/admin/events/")}/teilnehmer`;
  await page.goto(attendees);
  await expect(page.getByTestId("waitlist-row")).toHaveCount(2);
  await page.getByRole("button", { name: "Erste Wartende von der Warteliste entfernen" }).click();
  await expect(page.getByText("Von der Warteliste entfernt")).toBeVisible();
  await expect(page.getByTestId("waitlist-row")).toHaveCount(1);
  await expect(page.getByTestId("waitlist-row")).toContainText("Zweite Wartende");

  // The booking is cancelled: the seat is offered to the second, who gives it up by her link.
  await page.goto(`/admin/orders?order=${booker.orderId}`);
  await cancelOrderOnItsPage(page);
  expect((await page.request.post("/__e2e/jobs")).ok()).toBeTruthy();
  await expect.poll(() => offerLink(second), { timeout: 20_000 }).toBeTruthy();
  expect(offerLink(first)).toBeUndefined();
  const visitor = await secondBrowser(browser);
  await visitor.goto(offerLink(second)!);
  await visitor.getByRole("button", { name: "Platz freigeben" }).click();
  await expect(visitor.getByText("Du hast die Warteliste verlassen")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1, name: "Warteliste verlassen" })).toBeVisible();
  await visitor.context().close();

  await page.goto(attendees);
  await expect(page.getByText("Niemand wartet.")).toBeVisible();
  await expect(page.getByTestId("attendee-counts")).toHaveText("0 gebucht · 0 bezahlt · 1 frei");
});
