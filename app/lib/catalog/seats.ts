import type { CatalogCardItem, CatalogItem } from "~/lib/catalog/types";

/** "Noch N Plätze" is shown from this many free seats down (issue 27). */
export const FEW_SEATS = 5;

/** The badge colours it uses (a subset of the UI badge's variants). */
export type SeatState = { label: string; variant: "secondary" | "warning" | "destructive"; bookable: boolean };

/**
 * What an event's or course's seats say on its card and page: "Läuft bereits" once it has begun,
 * "Vergangen" once it has ended,
 * "Ausgebucht" when no seat is free, "Noch N Plätze" when few are; null when there is nothing to
 * say (plenty of seats, no limit, or a product). The database has the last word at checkout.
 */
export function seatState(item: CatalogItem | CatalogCardItem): SeatState | null {
  if (item.kind === "products") return null;
  if (item.past) return { label: item.ended ? "Vergangen" : "Läuft bereits", variant: "secondary", bookable: false };
  if (item.seats_left === null || item.seats_left > FEW_SEATS) return null;
  if (item.seats_left === 0) return { label: "Ausgebucht", variant: "destructive", bookable: false };
  return { label: seatsLeftText(item.seats_left), variant: "warning", bookable: true };
}

export const seatsLeftText = (left: number) => (left === 1 ? "Noch 1 Platz" : `Noch ${left} Plätze`);

/**
 * Seats anyone may still book: the capacity less the seats of pending and paid orders and those
 * held for waitlist offers (seat_counts). Null: no limit.
 */
export function freeSeats(capacity: number | null, counts: { booked: number | null; offered: number | null }) {
  return capacity === null ? null : Math.max(0, capacity - Number(counts.booked ?? 0) - Number(counts.offered ?? 0));
}

/** Whether the item may go into the cart at all (products: in stock; events and courses: seatState). */
export function isBookable(item: CatalogItem) {
  return item.kind === "products" ? item.availability : (seatState(item)?.bookable ?? true);
}
