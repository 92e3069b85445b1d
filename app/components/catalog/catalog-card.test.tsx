import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CatalogCard } from "~/components/catalog/catalog-card";
import type { CatalogCardItem } from "~/lib/catalog/types";

const event: CatalogCardItem = {
  kind: "events",
  id: "e0000000-0000-4000-8000-000000000001",
  displayTitle: "Sommerfest",
  category: "Fest",
  image_url: "/images/catalog/sommerfest.svg",
  price: 20,
  behappy_price: 15,
  date: "2027-07-01",
  time: "18:00",
  location: "Berlin",
  past: false,
  seats_left: 40,
};

/** A card as the lists render it, inside a router (its title is a link). */
function render(item: CatalogCardItem) {
  const Stub = createRoutesStub([{ path: "/events", Component: () => <CatalogCard item={item} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/events"]} />);
}

describe("an event's card in a list", () => {
  it("says 'Ausgebucht' when no seat is free, in the detail page's words, and stays one link", () => {
    const html = render({ ...event, seats_left: 0 });
    expect(html).toContain(">Ausgebucht<");
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it("carries no seat badge while plenty of seats are free, nor for an event without a limit", () => {
    const plenty = render(event);
    const unlimited = render({ ...event, seats_left: null });
    for (const html of [plenty, unlimited]) {
      expect(html).not.toMatch(/Ausgebucht|Plätze|Platz/);
      // The category is the only badge.
      expect(html.match(/class="[^"]*badge[^"]*"/g)?.filter((c) => !c.includes("badge-row"))).toHaveLength(1);
    }
  });
});
