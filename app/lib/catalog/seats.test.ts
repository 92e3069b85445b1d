import { describe, expect, it } from "vitest";
import type { CatalogCardItem } from "~/lib/catalog/types";
import { seatState } from "~/lib/catalog/seats";

const course = (over: Partial<Extract<CatalogCardItem, { kind: "courses" }>> = {}): CatalogCardItem => ({
  kind: "courses",
  id: "c1",
  displayTitle: "Acht Wochen Achtsamkeit",
  category: "Kurs",
  image_url: "/images/kurs.svg",
  price: 249,
  behappy_price: 199,
  date: "ab 15.04.2027",
  time: null,
  location: "Online",
  past: false,
  seats_left: 12,
  ...over,
});

describe("seatState", () => {
  it("a course under way is running, not past; over, it is past; neither can be booked", () => {
    expect(seatState(course({ past: true, ended: false }))).toEqual({
      label: "Läuft bereits",
      variant: "secondary",
      bookable: false,
    });
    expect(seatState(course({ past: true, ended: true }))).toEqual({
      label: "Vergangen",
      variant: "secondary",
      bookable: false,
    });
  });

  it("before the start: sold out, few seats left, or nothing to say", () => {
    expect(seatState(course({ seats_left: 0 }))).toMatchObject({ label: "Ausgebucht", bookable: false });
    expect(seatState(course({ seats_left: 1 }))).toMatchObject({ label: "Noch 1 Platz", bookable: true });
    expect(seatState(course({ seats_left: 3 }))).toMatchObject({ label: "Noch 3 Plätze", bookable: true });
    expect(seatState(course())).toBeNull();
    expect(seatState(course({ seats_left: null }))).toBeNull();
  });
});
