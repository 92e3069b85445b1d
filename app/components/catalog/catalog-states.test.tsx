import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StreamedCatalog } from "./catalog-states";
import { structuredData, isoDates } from "~/lib/catalog/structured-data";
import { KIND_TEXT } from "~/lib/catalog/texts";

describe("StreamedCatalog", () => {
  it("a failed list shows the spec's error screen with a retry link that reloads the page", () => {
    const html = renderToStaticMarkup(
      <StreamedCatalog
        resolve={{ ok: false }}
        skeletons={6}
        emptyText={KIND_TEXT.products.listEmpty}
        errorText={KIND_TEXT.products.listError}
        retryHref="/products"
      />,
    );
    expect(html).toContain("Oops! Etwas ist schiefgelaufen");
    expect(html).toContain("Konnte Produkte nicht laden. Bitte versuche es später erneut.");
    expect(html).toContain('href="/products"');
    expect(html).toContain("Erneut versuchen");
  });

  it("a failed home section only shows the empty text", () => {
    const html = renderToStaticMarkup(
      <StreamedCatalog resolve={{ ok: false }} skeletons={3} emptyText={KIND_TEXT.products.sectionEmpty} />,
    );
    expect(html).toContain("Es wurden keine Produkte gefunden.");
    expect(html).not.toContain("Oops!");
  });

  it("an empty list shows the empty text", () => {
    const html = renderToStaticMarkup(
      <StreamedCatalog
        resolve={{ ok: true, items: [] }}
        skeletons={6}
        emptyText={KIND_TEXT.courses.listEmpty}
        errorText="x"
      />,
    );
    expect(html).toContain("Keine Veranstaltungen gefunden");
  });

  it("pending data shows the skeleton cards", () => {
    const html = renderToStaticMarkup(
      <StreamedCatalog
        resolve={new Promise(() => {})}
        skeletons={6}
        emptyText=""
        errorText=""
        label="Produkte werden geladen …"
      />,
    );
    expect(html).toContain("Produkte werden geladen …");
    // One image placeholder per skeleton card.
    expect(html.split("aspect-video").length - 1).toBe(6);
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
        category: "Workshop",
        image_url: "/images/a.svg",
        date: "14.03.2027",
        time: "10:00 Uhr",
        location: "Berlin",
        provider: null,
        description: null,
        price: 129,
        behappy_price: 99,
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
});
