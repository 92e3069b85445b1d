import { expect, type Page } from "@playwright/test";

/** What the admin form "Neue Veranstaltung" posts for a plain event; a test overrides what it is about. */
const EVENT_DEFAULTS: Record<string, string> = {
  category: "Seminar",
  date: "12.12.2030",
  time: "18:00 – 20:00 Uhr",
  location: "Leipzig",
  image_url: "/images/catalog/sommerfest.svg",
  price: "",
  behappy_price: "",
  vat_rate: "19",
};

/**
 * Creates an event as the admin form does (the page must be signed in as an admin), for tests whose
 * subject comes after it: the form, its validation and its seat fields are tested where they are
 * the subject (admin-catalog's per-kind tests, event-seats).
 */
export async function postNewEvent(page: Page, fields: { title: string } & Record<string, string>) {
  const response = await page.request.post("/admin/events/new", {
    form: { ...EVENT_DEFAULTS, ...fields },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}
