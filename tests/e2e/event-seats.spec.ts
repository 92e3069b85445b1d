import { listCard } from "./support/catalog-list";
import type { Browser, Page } from "@playwright/test";
import { checkOutCart, SEEDED_EVENT } from "./members-support";
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
 * Events that can sell out (issue 27): an admin gives an event a start, an end and seats; the
 * pages say "Noch N Plätze", then "Ausgebucht" and offer no cart; the cart refuses more seats than
 * are free; the capacity cannot drop below the seats booked; a begun event says "Läuft bereits",
 * an ended one "Vergangen".
 * Runs with JavaScript on and off and on a phone (the projects).
 */

let n = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${process.pid}${++n}`;

/** Another browser, set up like the project's (JavaScript on or off), signed in as a new member. */
async function memberBrowser(browser: Browser) {
  const { baseURL, javaScriptEnabled, locale, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale, viewport });
  const page = await context.newPage();
  if (javaScriptEnabled !== false) waitForReactOnNavigation(page);
  const email = uniqueEmail("seat");
  const response = await page.request.post("/__e2e/session", {
    data: { email, password: PASSWORD, firstName: "Erika", lastName: "Muster" },
  });
  expect(response.ok()).toBeTruthy();
  return { page, email };
}

/** Another browser, set up like the project's, with no session: a visitor served from the page cache. */
async function visitorBrowser(browser: Browser) {
  const { baseURL, javaScriptEnabled, locale, viewport } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale, viewport });
  const page = await context.newPage();
  if (javaScriptEnabled !== false) waitForReactOnNavigation(page);
  return page;
}

async function fillEvent(page: Page, title: string, schedule: { start: string; end: string; seats: string }) {
  await page.goto("/admin/events/new");
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Kategorie").fill("Seminar");
  await page.getByLabel("Datum").fill("12.12.2030");
  await page.getByLabel("Uhrzeit").fill("18:00 – 20:00 Uhr");
  await page.getByLabel(/^Ort\*?$/).fill("Leipzig");
  await page.getByLabel("Bild-URL").fill("/images/catalog/sommerfest.svg");
  await page.getByLabel("Preis", { exact: true }).fill("25");
  await page.getByLabel("Beginn (optional)").fill(schedule.start);
  await page.getByLabel("Ende (optional)").fill(schedule.end);
  await page.getByLabel("Plätze (optional)").fill(schedule.seats);
}

/** The public page of the event with this title (from the list). */
async function eventPath(page: Page, title: string) {
  const card = await listCard(page, "/events", title);
  return (await card.getByRole("link", { name: title, exact: true }).first().getAttribute("href"))!;
}

test("two seats: Noch 2 Plätze, too many refused, booked out, the capacity stays above the bookings", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(150_000);
  const title = uniqueTitle("Seminar");
  await signIn({ admin: true });

  // The end before the start is refused, with everything typed kept.
  await fillEvent(page, title, { start: "2030-12-12T18:00", end: "2030-12-12T17:00", seats: "2" });
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Das Ende muss nach dem Beginn liegen.")).toBeVisible();
  await expect(page.getByLabel("Titel")).toHaveValue(title);
  await expect(page.getByLabel("Plätze (optional)")).toHaveValue("2");
  await page.getByLabel("Ende (optional)").fill("2030-12-12T20:00");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);

  const path = await eventPath(page, title);
  // A visitor's list (stored by the page cache) says what the event page says: few seats left.
  const anonymous = await visitorBrowser(browser);
  await expect(await listCard(anonymous, "/events", title)).toContainText("Noch 2 Plätze");
  const { page: visitor, email } = await memberBrowser(browser);
  await visitor.goto(path);
  await expect(visitor.getByText("Noch 2 Plätze")).toBeVisible();
  await expectAccessible(visitor);
  // "In den Kalender eintragen": the event in Berlin time.
  const calendarHref = await visitor.getByRole("link", { name: "In den Kalender eintragen" }).getAttribute("href");
  const calendar = await visitor.request.get(calendarHref!);
  expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = await calendar.text();
  expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20301212T180000");
  expect(ics).toContain("DTEND;TZID=Europe/Berlin:20301212T200000");
  expect(ics).toContain("LOCATION:Leipzig");

  // Three seats of two: the field allows two (the browser refuses more); a request past it (a
  // script took the limit away) is refused with the number left, nothing in the cart.
  await expect(visitor.getByLabel("Menge")).toHaveAttribute("max", "2");
  await visitor.getByLabel("Menge").evaluate((field) => field.removeAttribute("max"));
  await visitor.getByLabel("Menge").fill("3");
  await visitor.getByRole("button", { name: `${title} in den Warenkorb legen` }).click();
  await expect(visitor.getByText(`Für ${title} sind nur noch 2 Plätze frei.`)).toBeVisible();
  await visitor.goto("/cart");
  await expect(visitor.getByText(title)).toHaveCount(0);

  // Two seats: booked (a pending order holds them), and the event is booked out.
  await visitor.goto(path);
  await visitor.getByLabel("Menge").fill("2");
  await visitor.getByRole("button", { name: `${title} in den Warenkorb legen` }).click();
  await expect(visitor.getByText(`${title} wurde in den Warenkorb gelegt.`).first()).toBeAttached();
  const orderId = await checkOutCart(visitor);
  await expect(visitor.getByRole("link", { name: `In den Kalender eintragen: ${title}` })).toBeVisible();
  // The order mail carries the same calendar file.
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
  const mail = mailsTo(email)[0].raw;
  expect(mailsTo(email)[0].text).toContain("Die Termine deiner Veranstaltungen hängen als Kalenderdatei (.ics) an");
  const attached = /Content-Type: text\/calendar[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail);
  expect(Buffer.from(attached![1].replace(/\s/g, ""), "base64").toString("utf8")).toContain(
    "DTSTART;TZID=Europe/Berlin:20301212T180000",
  );
  await visitor.goto(path);
  await expect(visitor.getByText("Ausgebucht")).toBeVisible();
  await expect(visitor.getByText("Alle Plätze sind vergeben.")).toBeVisible();
  await expect(visitor.getByRole("button", { name: /in den Warenkorb legen/ })).toHaveCount(0);
  await expect(await listCard(visitor, "/events", title)).toContainText("Ausgebucht");
  // The visitor's cached list follows the seats as the event page does (the catalogue version is
  // in the page cache's key): "Ausgebucht" now, not the stored "Noch 2 Plätze"; the card stays one link.
  const soldOutCard = await listCard(anonymous, "/events", title);
  await expect(soldOutCard).toContainText("Ausgebucht");
  await expect(soldOutCard).not.toContainText("Noch 2 Plätze");
  await expect(soldOutCard.getByRole("link")).toHaveCount(1);
  await anonymous.goto(path);
  await expect(anonymous.getByText("Ausgebucht", { exact: true })).toBeVisible();
  await anonymous.context().close();
  // A cart add sent anyway (an old page, a script) is refused.
  const id = path.split("/").pop()!;
  const forced = await visitor.request.post("/cart", {
    form: { intent: "add", itemId: id, itemType: "event", quantity: "1" },
  });
  expect(await forced.text()).toContain(`${title} ist ausgebucht.`);
  await visitor.context().close();

  // Who comes: the attendee list, its CSV and the check-in list to print.
  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Teilnehmer: ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Teilnehmer: ${title}` })).toBeVisible();
  await expect(page.getByTestId("attendee-counts")).toHaveText("2 gebucht · 0 bezahlt · 0 frei");
  const attendee = page.getByTestId("attendee-row");
  await expect(attendee).toHaveCount(1);
  await expect(attendee).toContainText(orderId.slice(0, 8));
  await expect(attendee).toContainText("Ausstehend");
  await expectAccessible(page);
  const csv = await page.request.get(`${new URL(page.url()).pathname}.csv`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const csvText = await csv.text();
  expect(csvText).toContain("Bestellung;Zahlung;Käufer;E-Mail;Plätze;Teilnehmer;Teilnehmer-E-Mail");
  expect(csvText).toContain(orderId.slice(0, 8));
  await page.getByRole("link", { name: "Check-in-Liste drucken" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Check-in: ${title}` })).toBeVisible();
  await expect(page.getByTestId("check-in-row")).toHaveCount(2);

  // The admin cannot go below the two seats booked; the typed value stays.
  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
  await expect(page.getByLabel("Beginn (optional)")).toHaveValue("2030-12-12T18:00");
  await page.getByLabel("Plätze (optional)").fill("1");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(
    page.getByText("Es sind bereits 2 Plätze gebucht. Die Zahl der Plätze kann nicht kleiner sein."),
  ).toBeVisible();
  await expect(page.getByLabel("Plätze (optional)")).toHaveValue("1");
  await page.getByLabel("Plätze (optional)").fill("");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
});

test("an event that has begun says Vergangen and cannot be put into the cart @phone", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const title = uniqueTitle("Rückblick");
  await signIn({ admin: true });
  await fillEvent(page, title, { start: "2020-05-01T10:00", end: "2020-05-01T12:00", seats: "" });
  // Flagged for the start page and the offers: neither promotes what can no longer be booked.
  await page.getByLabel("Auf der Startseite zeigen").check();
  await page.getByLabel("Bei den Angeboten zeigen").check();
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);

  const path = await eventPath(page, title);
  for (const promoted of ["/", "/offers"]) {
    await page.goto(promoted);
    // The section has loaded (a seeded upcoming event flagged for both), without the past one.
    await expect(page.locator(`main a[href="/events/${SEEDED_EVENT}"]`).first()).toBeVisible();
    await expect(page.locator(`main a[href="${path}"]`)).toHaveCount(0);
  }
  await page.goto(path);
  await expect(page.getByText("Vergangen", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Diese Veranstaltung hat bereits begonnen und kann nicht mehr gebucht werden."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /in den Warenkorb legen/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "In den Kalender eintragen" })).toHaveCount(0);
  const id = path.split("/").pop()!;
  const forced = await page.request.post("/cart", {
    form: { intent: "add", itemId: id, itemType: "event", quantity: "1" },
  });
  expect(await forced.text()).toContain(`${title} hat bereits begonnen.`);
});

test("an event under way says Läuft bereits on its card and page, and cannot be booked", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const title = uniqueTitle("Jahresgruppe");
  await signIn({ admin: true });
  // Begun years ago, ends years ahead (a group that meets all year).
  await fillEvent(page, title, { start: "2020-05-01T10:00", end: "2040-05-01T12:00", seats: "" });
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);

  const card = await listCard(page, "/events", title);
  await expect(card.getByText("Läuft bereits", { exact: true })).toBeVisible();
  await expect(card.getByText("Vergangen", { exact: true })).toHaveCount(0);
  await page.goto(await eventPath(page, title));
  await expect(page.getByText("Läuft bereits", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Diese Veranstaltung hat bereits begonnen und kann nicht mehr gebucht werden."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /in den Warenkorb legen/ })).toHaveCount(0);
});

test("a course with only a free-text date keeps working and offers no calendar file", async ({ page }) => {
  const selfPaced = "c0000000-0000-4000-8000-000000000003"; // "ab 15.04.2027", no real start
  await page.goto(`/courses/${selfPaced}`);
  await expect(page.getByRole("heading", { level: 1, name: "Online-Business aufbauen" })).toBeVisible();
  await expect(page.getByText("ab 15.04.2027")).toBeVisible();
  await expect(page.getByRole("button", { name: /in den Warenkorb legen/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "In den Kalender eintragen" })).toHaveCount(0);
  const file = await page.request.get(`/courses/${selfPaced}/kalender.ics`);
  expect(file.status()).toBe(404);
  expect(await file.text()).toBe("Für diesen Eintrag gibt es keine Kalenderdatei.");
});

/** `ms` from now as a datetime-local value in Berlin time (what the admin form takes). */
function berlinLocalIn(ms: number) {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(Date.now() + ms));
  return parts.replace(" ", "T");
}

test("the reminder arrives once, with the calendar file, when the event is near", async ({ page, browser, signIn }) => {
  test.setTimeout(150_000);
  const title = uniqueTitle("Erinnerung");
  const DAY = 86_400_000;
  await signIn({ admin: true });
  await fillEvent(page, title, { start: berlinLocalIn(10 * DAY), end: berlinLocalIn(10 * DAY + 7_200_000), seats: "" });
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  const path = await eventPath(page, title);
  const { page: buyer, email } = await memberBrowser(browser);
  const added = await buyer.request.post("/cart", {
    form: { intent: "add", itemId: path.split("/").pop()!, itemType: "event", quantity: "1" },
  });
  expect(added.ok()).toBeTruthy();
  await checkOutCart(buyer);
  await buyer.context().close();

  // Moved to tomorrow: less than two days ahead, so its reminder is due at once (not asked to tell).
  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Bearbeiten: ${title}` }).click();
  const start = berlinLocalIn(DAY + 3_600_000);
  await page.getByLabel("Beginn (optional)").fill(start);
  await page.getByLabel("Ende (optional)").fill(berlinLocalIn(DAY + 3 * 3_600_000));
  await page.getByRole("button", { name: "Speichern" }).click();
  await page.getByRole("link", { name: "Nein, nicht informieren" }).click();

  const reminders = () => mailsTo(email).filter((m) => m.text.includes(`bald ist es so weit: „${title}“ beginnt am`));
  expect((await page.request.post("/__e2e/jobs")).ok()).toBeTruthy();
  await expect.poll(() => reminders().length, { timeout: 20_000 }).toBe(1);
  const [day, time] = [start.slice(0, 10).split("-").reverse().join("."), start.slice(11)];
  expect(reminders()[0].text).toContain(`beginnt am ${day}, ${time} Uhr in Leipzig.`);
  expect(reminders()[0].raw).toMatch(/Content-Type: text\/calendar/);
  // Running the jobs again sends nothing new.
  expect((await page.request.post("/__e2e/jobs")).ok()).toBeTruthy();
  await page.waitForTimeout(1_500);
  expect(reminders()).toHaveLength(1);
});

test("deleting an event with bookings says whom it leaves behind before anything is deleted", async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn({ admin: true });
  const title = uniqueTitle("Gebuchter Abend");
  await fillEvent(page, title, { start: "2030-12-12T18:00", end: "2030-12-12T20:00", seats: "10" });
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Veranstaltung erstellt")).toBeVisible();
  const itemId = (await eventPath(page, title)).split("/").pop()!;

  // A member books two seats (the order stays pending, unpaid).
  const member = await memberBrowser(browser);
  const added = await member.page.request.post("/cart", {
    form: { intent: "add", itemId, itemType: "event", quantity: "2" },
  });
  expect(added.ok()).toBeTruthy();
  await checkOutCart(member.page);
  await member.page.context().close();

  await page.goto(`/admin/events?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Löschen: ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Sind Sie sicher?" });
  await expect(dialog).toContainText(
    "Achtung: Es gibt noch 2 gebuchte Plätze in 1 Bestellung. " +
      "Die Bestellung bleibt bestehen und wird nicht storniert, und niemand wird benachrichtigt.",
  );
  await expectAccessible(page);
  await dialog.getByRole("link", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
});
