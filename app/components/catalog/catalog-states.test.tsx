import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StreamedCatalog } from "~/components/catalog/catalog-states";
import { structuredData, isoDates } from "~/lib/catalog/structured-data";
import { withoutSoftHyphens } from "~/lib/hyphenation";

describe("StreamedCatalog", () => {
  it("a failed list shows the spec's error screen with a retry link that reloads the page", () => {
    const html = renderToStaticMarkup(<StreamedCatalog kind="products" place="page" resolve={{ ok: false }} />);
    expect(withoutSoftHyphens(html)).toContain("Oops! Etwas ist schiefgelaufen");
    expect(html).toContain("Konnte Produkte nicht laden. Bitte versuche es später erneut.");
    expect(html).toContain('href="/products"');
    expect(html).toContain("Erneut versuchen");
  });

  it("a failed home section only shows the empty text", () => {
    const html = renderToStaticMarkup(
      <StreamedCatalog kind="products" place="section" resolve={{ ok: false }} title="Unsere Produkte" />,
    );
    expect(html).toContain("Es wurden keine Produkte gefunden.");
    expect(html).not.toContain("Oops!");
  });

  it("an empty list shows the empty text", () => {
    const html = renderToStaticMarkup(
      <StreamedCatalog kind="courses" place="page" resolve={{ ok: true, items: [] }} />,
    );
    expect(html).toContain("Keine Veranstaltungen gefunden");
  });

  it("pending data shows the skeleton cards: six on the list's page, three in a section", () => {
    const page = renderToStaticMarkup(<StreamedCatalog kind="products" place="page" resolve={new Promise(() => {})} />);
    expect(page).toContain("Produkte werden geladen …");
    // One image placeholder per skeleton card.
    expect(page.split("aspect-video").length - 1).toBe(6);
    const section = renderToStaticMarkup(
      <StreamedCatalog kind="events" place="section" resolve={new Promise(() => {})} title="Nächste Termine" />,
    );
    expect(section).toContain("Nächste Termine werden geladen …");
    expect(section.split("aspect-video").length - 1).toBe(3);
  });
});

describe("structured data", () => {
  it("reads German free-text dates", () => {
    expect(isoDates("14.03.2027")).toEqual({ start: "2027-03-14", end: undefined });
    expect(isoDates("07.05.2027 – 09.05.2027")).toEqual({ start: "2027-05-07", end: "2027-05-09" });
    expect(isoDates("ab 1.4.2027")).toEqual({ start: "2027-04-01", end: undefined });
    expect(isoDates(null)).toEqual({});
  });

  it("builds an Event with offer and place", () => {
    const ld = structuredData(
      {
        kind: "events",
        id: "e1",
        title: "Workshop",
        displayTitle: "Workshop",
        category: "Workshop",
        image_url: "/images/a.svg",
        date: "14.03.2027",
        time: "10:00 Uhr",
        location: "Berlin",
        provider: null,
        description: null,
        price: 129,
        behappy_price: 99,
        starts_at: null,
        ends_at: null,
        capacity: null,
        seats_left: null,
        past: false,
        ended: false,
        calendar_sequence: 0,
        created_at: "2026-01-01T00:00:00.000Z",
      },
      "https://shop.example/events/e1",
      (path) => `https://shop.example${path}`,
    );
    expect(ld).toMatchObject({
      "@type": "Event",
      startDate: "2027-03-14",
      image: "https://shop.example/images/a.svg",
      location: { "@type": "Place", name: "Berlin" },
      offers: { price: "129.00", priceCurrency: "EUR" },
    });
  });
  it("uses the real start and end, and says SoldOut when no seat is free", () => {
    const ld = structuredData(
      {
        kind: "events",
        id: "e2",
        title: "Retreat",
        displayTitle: "Retreat",
        category: "Retreat",
        image_url: "/images/b.svg",
        date: "07.05.2027 – 09.05.2027",
        time: "Fr 15:00 – So 13:00 Uhr",
        location: "Gmund am Tegernsee",
        provider: null,
        description: null,
        price: 490,
        behappy_price: 420,
        starts_at: "2027-05-07T13:00:00.000Z",
        ends_at: "2027-05-09T11:00:00.000Z",
        capacity: 12,
        seats_left: 0,
        past: false,
        ended: false,
        calendar_sequence: 0,
        created_at: "2026-01-01T00:00:00.000Z",
      },
      "https://shop.example/events/e2",
      (path) => `https://shop.example${path}`,
    );
    expect(ld).toMatchObject({
      startDate: "2027-05-07T15:00:00+02:00",
      endDate: "2027-05-09T13:00:00+02:00",
      offers: { availability: "https://schema.org/SoldOut" },
    });
  });
});
