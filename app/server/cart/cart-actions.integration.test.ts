import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartLine } from "~/lib/cart";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import { soldOutEvent } from "~/server/db/fixtures/sold-out-event";

/**
 * The cart's seat rules against a real PGlite with the migrations: a line whose seats a waitlist
 * offer holds (the offer's link put them there) cannot grow past the seats offered plus the seats
 * free to anyone, and the cart says why in German; everything else in the cart stays as it was.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

/** Another line of the cart (not checked by an update of the seat's line). */
const BOOK = "b0000000-0000-4000-8000-000000000001";

/** A sold-out event (1 seat) whose booking was cancelled: the seat is offered to the one waiting. */
async function offeredEvent(title: string) {
  const { joinWaitlist } = await import("~/server/catalog/waitlist.server");
  const { eventId, orderId } = await soldOutEvent(title);
  await asService((tx) =>
    joinWaitlist(
      tx,
      { itemType: "event", itemId: eventId, userId: null },
      { name: "Lina", email: "lina@example.com", seats: 1 },
    ),
  );
  await asService((tx) => sql`update public.orders set status = 'cancelled' where id = ${orderId}::uuid`.execute(tx));
  return eventId;
}

async function update(lines: CartLine[], lineId: string, quantity: number) {
  const { ANON, withViewer } = await import("~/server/db/db.server");
  const { applyCartAction } = await import("~/server/cart/cart-actions.server");
  return withViewer(ANON, (tx) => applyCartAction(tx, lines, { intent: "update", lineId, quantity }));
}

describe("a waitlist seat in the cart", () => {
  it("cannot be raised past the seats offered: the cart says why and keeps every line", async () => {
    const eventId = await offeredEvent("Abend am See");
    const lines: CartLine[] = [
      { id: "book", itemId: BOOK, itemType: "product", quantity: 2 },
      { id: "seat", itemId: eventId, itemType: "event", quantity: 1, held: 1 },
    ];
    const outcome = await update(lines, "seat", 2);
    expect(outcome.ok).toBe(false);
    expect(outcome.lines).toEqual(lines);
    expect(outcome.toast).toEqual({
      type: "error",
      message: "Menge nicht geändert",
      description:
        "Für Abend am See ist 1 Platz von der Warteliste für dich reserviert – so viele, wie wir dir angeboten haben. Weitere Plätze sind nicht frei.",
    });
  });

  it("may grow by the seats free to anyone, and says how far", async () => {
    const eventId = await offeredEvent("Abend im Wald");
    // One seat more, with nobody else waiting: free to anyone.
    await asService((tx) => sql`update public.events set capacity = 2 where id = ${eventId}::uuid`.execute(tx));
    const lines: CartLine[] = [{ id: "seat", itemId: eventId, itemType: "event", quantity: 1, held: 1 }];
    expect((await update(lines, "seat", 2)).ok).toBe(true);
    const refused = await update(lines, "seat", 3);
    expect(refused.ok).toBe(false);
    expect(refused.toast?.description).toBe(
      "Für Abend im Wald ist 1 Platz von der Warteliste für dich reserviert – so viele, wie wir dir angeboten haben. Dazu ist nur noch 1 Platz frei, also höchstens 2 insgesamt.",
    );
  });

  it("is an ordinary line once no seat is held for an offer any more", async () => {
    const eventId = await offeredEvent("Abend am Fluss");
    await asService((tx) =>
      sql`update public.waitlist_entries set status = 'left' where item_id = ${eventId}::uuid`.execute(tx),
    );
    const lines: CartLine[] = [{ id: "seat", itemId: eventId, itemType: "event", quantity: 1, held: 1 }];
    // The seat is free to anyone now: the ordinary rule and message, no word of a reservation.
    expect((await update(lines, "seat", 2)).toast).toEqual({
      type: "error",
      message: "Nicht genug Plätze",
      description: "Für Abend am Fluss ist nur noch 1 Platz frei.",
    });
  });
});
