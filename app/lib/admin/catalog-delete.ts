import { countOf } from "~/lib/format";

/** What an event or course still has when an admin asks to delete it. */
export interface OpenBookings {
  /** Seats in orders that are not cancelled. */
  seats: number;
  orders: number;
  /** People waiting for a seat or offered one. */
  waiting: number;
}

/**
 * The delete dialog's warning for an event or course with bookings or a waitlist, or null: deleting
 * it cancels no order and tells nobody, so the admin should know whom it leaves behind.
 */
export function deleteWarning(bookings: OpenBookings | null): string | null {
  if (!bookings || (bookings.seats === 0 && bookings.waiting === 0)) return null;
  const parts = [
    bookings.seats > 0
      ? `${countOf(bookings.seats, "gebuchten Platz", "gebuchte Plätze")} in ${countOf(bookings.orders, "Bestellung", "Bestellungen")}`
      : null,
    bookings.waiting > 0 ? `${countOf(bookings.waiting, "Person", "Personen")} auf der Warteliste` : null,
  ].filter(Boolean);
  const consequence =
    bookings.seats === 0
      ? "Niemand auf der Warteliste wird benachrichtigt."
      : bookings.orders === 1
        ? "Die Bestellung bleibt bestehen und wird nicht storniert, und niemand wird benachrichtigt."
        : "Die Bestellungen bleiben bestehen und werden nicht storniert, und niemand wird benachrichtigt.";
  return `Achtung: Es gibt noch ${parts.join(" und ")}. ${consequence}`;
}
