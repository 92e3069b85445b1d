import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartLine } from "~/lib/cart";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/**
 * What the cart and the order page say about each line, from a real PGlite with the demo catalogue:
 * its essential characteristics (§ 312j Abs. 2 BGB) and whether it can still be bought.
 */
beforeAll(() => openMemoryDatabase({ SEED_DEMO_DATA: "true" }), 180_000);
afterAll(closeMemoryDatabase);

const line = (itemType: CartLine["itemType"], itemId: string): CartLine => ({
  id: `${itemType}-${itemId.slice(-2)}`,
  itemType,
  itemId,
  quantity: 1,
});

async function resolve(lines: CartLine[]) {
  const { resolveCart } = await import("~/server/cart/cart.server");
  return asService(async (tx) => (await resolveCart(tx, lines)).resolved);
}

describe("a cart line's essential characteristics", () => {
  it("an event's date, time and place; a plan's term; a product's description", async () => {
    const resolved = await resolve([
      line("event", "e0000000-0000-4000-8000-000000000001"),
      line("product", "a0000000-0000-4000-8000-000000000001"),
      line("product", "a0000000-0000-4000-8000-000000000002"),
      line("product", "a0000000-0000-4000-8000-000000000003"),
      line("product", "b0000000-0000-4000-8000-000000000008"),
    ]);
    expect(resolved.map((l) => [l.title, l.facts])).toEqual([
      ["Glücks-Workshop: Die Kunst der Dankbarkeit", "14.03.2027, 10:00 – 16:00 Uhr · Berlin, Kulturbrauerei"],
      ["Free Membership", "Unbefristet, kostenlos"],
      ["Yearly Membership", "Laufzeit 12 Monate, ohne automatische Verlängerung"],
      ["Lifetime Membership", "Unbefristet, einmalige Zahlung"],
      ["E-Book: 30 Tage Achtsamkeit", "Ein Monat, eine kleine Übung pro Tag. Für Mitglieder inklusive."],
    ]);
  });

  it("a sold-out product stays in the cart, marked as not available", async () => {
    const book = "b0000000-0000-4000-8000-000000000001";
    await asService((tx) => sql`update public.products set availability = false where id = ${book}::uuid`.execute(tx));
    try {
      const [resolved] = await resolve([line("product", book)]);
      expect([resolved?.available, resolved?.past]).toEqual([false, false]);
    } finally {
      await asService((tx) => sql`update public.products set availability = true where id = ${book}::uuid`.execute(tx));
    }
  });
});
