import { describe, expect, it } from "vitest";
import { toCardItem } from "~/lib/catalog/card-item";
import { withoutSoftHyphens } from "~/lib/hyphenation";
import type { EventItem, ProductItem } from "~/lib/catalog/types";

const event: EventItem = {
  kind: "events",
  id: "e1",
  title: "Sommerfest",
  displayTitle: "Som­mer­fest",
  category: "Fest",
  image_url: "/images/fest.svg",
  date: "2027-07-01",
  time: "18:00",
  location: "Berlin",
  provider: "BeHappy",
  description: "Ein langer Text, den nur die Detailseite zeigt.",
  price: 20,
  behappy_price: 15,
  starts_at: "2027-07-01T16:00:00.000Z",
  ends_at: null,
  capacity: 40,
  seats_left: 3,
  past: false,
  ended: false,
  calendar_sequence: 2,
  created_at: "2026-11-01T00:00:00.000Z",
};

const product: ProductItem = {
  kind: "products",
  id: "p1",
  title: "Planer",
  displayTitle: "Pla­ner",
  category: "Planer",
  description: "Kurzer Text der Karte.",
  details: "DIN A5\n240 Seiten",
  image_url: "/images/planer.svg",
  price: 29.9,
  behappy_price: 24.9,
  availability: true,
  shipped: true,
  created_at: "2026-11-01T00:00:00.000Z",
};

// The lists send only what a card shows: every field less is hydration data no page carries.
describe("toCardItem", () => {
  it("keeps an event's date, place and seats, not its description or times", () => {
    expect(toCardItem(event)).toEqual({
      kind: "events",
      id: "e1",
      displayTitle: "Som­mer­fest",
      category: "Fest",
      image_url: "/images/fest.svg",
      price: 20,
      behappy_price: 15,
      date: "2027-07-01",
      time: "18:00",
      location: "Berlin",
      past: false,
      seats_left: 3,
    });
  });

  it("says whether a begun event has ended only on its card, not on an upcoming one's", () => {
    expect(toCardItem(event)).not.toHaveProperty("ended");
    expect(toCardItem({ ...event, past: true, ended: false })).toMatchObject({ past: true, ended: false });
    expect(toCardItem({ ...event, past: true, ended: true })).toMatchObject({ past: true, ended: true });
  });

  it("keeps a product's teaser, availability and shipping, not its details", () => {
    const card = toCardItem(product);
    expect(card).toMatchObject({ description: "Kurzer Text der Karte.", availability: true, shipped: true });
    expect(card).not.toHaveProperty("details");
    expect(card).not.toHaveProperty("created_at");
  });

  it("sends the title once: hyphenated, the plain title with soft hyphens put in", () => {
    const card = toCardItem(event);
    expect(card).not.toHaveProperty("title");
    expect(withoutSoftHyphens(card.displayTitle)).toBe(event.title);
  });
});
