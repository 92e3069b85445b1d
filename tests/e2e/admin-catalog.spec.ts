import type { Page } from "@playwright/test";
import { postNewEvent } from "./support/admin-events";
import { expect, expectAccessible, test } from "./support/fixtures";

type Kind = "events" | "courses" | "products";
const KINDS: Record<
  Kind,
  { one: string; heading: string; newHeading: string; editHeading: string; publicPath: string }
> = {
  events: {
    one: "Veranstaltung",
    heading: "Veranstaltungen verwalten",
    newHeading: "Neue Veranstaltung",
    editHeading: "Veranstaltung bearbeiten",
    publicPath: "/events",
  },
  courses: {
    one: "Kurs",
    heading: "Kurse verwalten",
    newHeading: "Neuer Kurs",
    editHeading: "Kurs bearbeiten",
    publicPath: "/courses",
  },
  products: {
    one: "Produkt",
    heading: "Produkte verwalten",
    newHeading: "Neues Produkt",
    editHeading: "Produkt bearbeiten",
    publicPath: "/products",
  },
};

let n = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${process.pid}${++n}`;

async function fillRequired(page: Page, kind: Kind, title: string) {
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Kategorie").fill("Testkategorie");
  if (kind === "events") {
    await page.getByLabel("Datum").fill("12.12.2030");
    await page.getByLabel("Uhrzeit").fill("18:00 – 20:00 Uhr");
    await page.getByLabel(/^Ort\*?$/).fill("Leipzig");
  }
  await page.getByLabel("Bild-URL").fill("/images/catalog/sommerfest.svg");
}

async function create(page: Page, kind: Kind, title: string) {
  await page.goto(`/admin/${kind}/new`);
  await fillRequired(page, kind, title);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${kind}$`));
  await expect(page.getByText(`${KINDS[kind].one} erstellt`)).toBeVisible();
}

async function search(page: Page, kind: Kind, q: string) {
  await page.goto(`/admin/${kind}?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole("heading", { level: 1, name: KINDS[kind].heading })).toBeVisible();
}

for (const kind of Object.keys(KINDS) as Kind[]) {
  const texts = KINDS[kind];

  test.describe(`admin ${kind}`, () => {
    test(`create with validation, edit, audit and delete; the public ${texts.publicPath} follows`, async ({
      page,
      signIn,
    }) => {
      test.setTimeout(120_000);
      await signIn({ admin: true });
      await page.goto(`/admin/${kind}`);
      await expect(page.getByRole("heading", { level: 1, name: texts.heading })).toBeVisible();
      await expect(page.getByRole("table")).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("link", { name: "Neu hinzufügen" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${kind}/new$`));
      await expect(page.getByRole("heading", { level: 1, name: texts.newHeading })).toBeVisible();
      if (kind === "products") await expect(page.getByLabel("Verfügbar")).toBeChecked();
      await expect(page.getByLabel("Preis", { exact: true })).toHaveAttribute("step", "0.01");
      await expect(page.getByLabel("Preis", { exact: true })).toHaveAttribute("min", "0");
      await expectAccessible(page);

      // Validation: German messages next to the fields, values kept.
      const title = uniqueTitle(`E2E ${texts.one}`);
      await page.getByLabel("Titel").fill(title);
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(page.getByText("Bitte gib eine Kategorie ein.")).toBeVisible();
      await expect(page.getByText("Bitte gib eine Bild-URL ein.")).toBeVisible();
      if (kind === "events") await expect(page.getByText("Bitte gib einen Ort ein.")).toBeVisible();
      else await expect(page.getByText("Bitte gib einen Ort ein.")).toHaveCount(0);
      await expect(page.getByLabel("Titel")).toHaveValue(title);
      await expect(page).toHaveURL(new RegExp(`/admin/${kind}/new$`));

      await fillRequired(page, kind, title);
      await page.getByLabel("Preis", { exact: true }).fill("49.9");
      await page.getByLabel("BeHappy-Preis").fill("39");
      if (kind === "products") await page.getByLabel("Details (optional)").fill("Zeile eins\nZeile zwei");
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${kind}$`));
      await expect(page.getByText(`${texts.one} erstellt`)).toBeVisible();

      await page.goto(texts.publicPath);
      await expect(page.getByText(title).first()).toBeVisible();

      // Edit through the row's link.
      await search(page, kind, title);
      await page.getByRole("link", { name: title, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: texts.editHeading })).toBeVisible();
      await expect(page.getByLabel("Titel")).toHaveValue(title);
      await expect(page.getByLabel("Preis", { exact: true })).toHaveValue("49.9");
      if (kind === "products")
        await expect(page.getByLabel("Details (optional)")).toHaveValue("Zeile eins\nZeile zwei");
      const renamed = `${title} neu`;
      await page.getByLabel("Titel").fill(renamed);
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${kind}$`));
      await expect(page.getByText(`${texts.one} aktualisiert`)).toBeVisible();
      await page.goto(texts.publicPath);
      await expect(page.getByText(renamed).first()).toBeVisible();

      // The database's audit trail shows on the item's admin page.
      await search(page, kind, renamed);
      await page.getByRole("link", { name: renamed, exact: true }).click();
      const audit = page.getByRole("region", { name: "Änderungsprotokoll" });
      await expect(audit.getByText("Erstellt", { exact: true })).toBeVisible();
      await expect(audit.getByText("Geändert", { exact: true })).toBeVisible();
      await expect(audit.getByText(`Titel: ${title} → ${renamed}`)).toBeVisible();
      await expectAccessible(page);

      // Delete asks first; 'Abbrechen' keeps the item.
      await search(page, kind, renamed);
      await page.getByRole("link", { name: `Löschen: ${renamed}` }).click();
      const dialog = page.getByRole("dialog", { name: "Sind Sie sicher?" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        `Diese Aktion kann nicht rückgängig gemacht werden. ${renamed} wird dauerhaft aus der Datenbank gelöscht.`,
      );
      await expectAccessible(page);
      await dialog.getByRole("link", { name: "Abbrechen" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("link", { name: renamed, exact: true })).toBeVisible();

      await page.getByRole("link", { name: `Löschen: ${renamed}` }).click();
      await page.getByRole("dialog", { name: "Sind Sie sicher?" }).getByRole("button", { name: "Löschen" }).click();
      await expect(page.getByText(`${texts.one} gelöscht`)).toBeVisible();
      await expect(page.getByText("Keine Ergebnisse gefunden.")).toBeVisible();
      await page.goto(texts.publicPath);
      await expect(page.getByText(renamed)).toHaveCount(0);
    });

    test(`${kind}: start page and offer flags toggle from the list`, async ({ page, signIn, javaScriptEnabled }) => {
      test.setTimeout(90_000);
      await signIn({ admin: true });
      const title = uniqueTitle(`Flagge ${texts.one}`);
      await create(page, kind, title);
      await search(page, kind, title);

      const toggle = async (column: "Startseite" | "Angebote", expected: string) => {
        const box = page.getByRole("checkbox", { name: `${column}: ${title}` });
        if (javaScriptEnabled)
          await expect(page.locator("[data-admin-hydrated=true]")).toHaveCount(1, { timeout: 20_000 });
        await box.click();
        if (!javaScriptEnabled) await page.getByRole("button", { name: `Übernehmen (${column}: ${title})` }).click();
        await expect(page.getByText(`${texts.one} aktualisiert`).first()).toBeVisible();
        await expect(page.getByText(`„${title}“ wurde ${expected}.`)).toBeVisible();
      };

      await toggle("Startseite", "zur Startseite hinzugefügt");
      await toggle("Angebote", "zu den Angeboten hinzugefügt");
      await page.reload();
      await expect(page.getByRole("checkbox", { name: `Startseite: ${title}` })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: `Angebote: ${title}` })).toBeChecked();
      await page.goto("/offers");
      await expect(page.getByText(title).first()).toBeVisible();

      await search(page, kind, title);
      await toggle("Angebote", "aus den Angeboten entfernt");
      await toggle("Startseite", "von der Startseite entfernt");
      await page.reload();
      await expect(page.getByRole("checkbox", { name: `Startseite: ${title}` })).not.toBeChecked();
      await page.goto("/offers");
      await expect(page.getByText(title)).toHaveCount(0);
    });
  });
}

test("a non-numeric price is saved as 0, and a course needs no date", async ({ page, signIn }) => {
  test.setTimeout(60_000);
  await signIn({ admin: true });
  const title = uniqueTitle("Preisloser Kurs");
  const response = await page.request.post("/admin/courses/new", {
    form: {
      title,
      category: "Online",
      image_url: "/images/catalog/sommerfest.svg",
      price: "gratis",
      behappy_price: "",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/admin/courses");
  await search(page, "courses", title);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByLabel("Preis", { exact: true })).toHaveValue("0");
  await expect(page.getByLabel("BeHappy-Preis")).toHaveValue("0");
  await expect(page.getByLabel("Datum (optional)")).toHaveValue("");
});

test("search and paging run on the server: 12 matches make two pages of 10", async ({ page, signIn }) => {
  test.setTimeout(180_000);
  await signIn({ admin: true });
  const prefix = uniqueTitle("Seitenlauf");
  // The form itself is the per-kind tests' subject: here the twelve events are posted as it posts them.
  for (let i = 1; i <= 12; i++) {
    await postNewEvent(page, {
      title: `${prefix} Nr ${String(i).padStart(2, "0")}`,
      category: "Testkategorie",
      price: "0",
      behappy_price: "0",
    });
  }

  await page.goto("/admin/events");
  await page.getByLabel("Nach Titel suchen").fill(prefix);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=`));
  await expect(page.getByText("Seite 1 von 2")).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(11); // header + 10
  // Newest first.
  await expect(rows.nth(1)).toContainText(`${prefix} Nr 12`);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("Seite 2 von 2")).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText(`${prefix} Nr 01`);
  await page.getByRole("link", { name: "Zurück" }).click();
  await expect(page.getByText("Seite 1 von 2")).toBeVisible();

  await page.goto(`/admin/events?q=${encodeURIComponent(`${prefix} gibt es nicht`)}`);
  await expect(page.getByText("Keine Ergebnisse gefunden.")).toBeVisible();
  await expect(page.getByText("Seite 1 von 1")).toBeVisible();
  // Wildcards in the query are taken literally.
  await page.goto("/admin/events?q=%25%25%25");
  await expect(page.getByText("Keine Ergebnisse gefunden.")).toBeVisible();
});
