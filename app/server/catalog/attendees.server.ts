import { sql } from "kysely";
import type { Tx } from "~/server/db/db.server";
import { CSV_BOM, csvRow } from "~/lib/admin/csv";
import { orderStatusLabel } from "~/lib/admin/kinds";
import { comingRows } from "~/lib/catalog/attendees";
import { freeSeats } from "~/lib/catalog/seats";
import { orderNumber } from "~/lib/format";

/** SQL: how many of the line `i`'s seats Rechnungskorrekturen took back (the seat counter's own rule). */
export const returnedSeats = sql<number>`public.returned_quantity(i.id)`;

export interface AttendeeRow {
  orderId: string;
  number: string;
  status: string;
  buyer: string;
  email: string;
  /** The seats the order holds: those bought, less those a Rechnungskorrektur took back. */
  seats: number;
  /** Seats taken back by Rechnungskorrekturen (a partial refund); they are free again. */
  returned: number;
  /** Registered participants (the spec's participant registration), in the order they registered. */
  participants: { name: string; email: string }[];
}

export interface AttendeeList {
  title: string;
  date: string | null;
  time: string | null;
  location: string | null;
  capacity: number | null;
  rows: AttendeeRow[];
  /** Seats of pending and paid orders, of paid orders, held for waitlist offers, and still free (null: no limit). */
  counts: { booked: number; paid: number; offered: number; free: number | null };
}

/**
 * Who comes to an event or course: every order with it (cancelled ones too, marked), its buyer, the
 * seats and the registered participants. Read as the admin (RLS: only admins see other people's
 * orders and participants). Null when the item does not exist.
 */
export async function listAttendees(tx: Tx, kind: "events" | "courses", id: string): Promise<AttendeeList | null> {
  const item = await tx
    .selectFrom(`${kind} as item` as "events as item")
    .leftJoin("seat_counts as s", "s.item_id", "item.id")
    .select(["item.title", "item.date", "item.time", "item.location", "item.capacity", "s.offered"])
    .where("item.id", "=", id)
    .executeTakeFirst();
  if (!item) return null;
  const lines = await tx
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select(["i.id as line_id", "o.id as order_id", "o.status", "o.customer_name", "o.customer_email", "i.quantity"])
    .select(returnedSeats.as("returned"))
    .where("i.item_id", "=", id)
    .where("i.item_type", "=", kind === "events" ? "event" : "course")
    .orderBy("o.created_at")
    .orderBy("i.id")
    .execute();
  const bookings =
    lines.length === 0
      ? []
      : await tx
          .selectFrom("event_bookings")
          .select(["order_item_id", "first_name", "last_name", "email"])
          .where(
            "order_item_id",
            "in",
            lines.map((l) => l.line_id),
          )
          .orderBy("created_at")
          .execute();
  const rows = lines.map((line) => ({
    orderId: line.order_id,
    number: orderNumber(line.order_id),
    status: line.status,
    buyer: line.customer_name,
    email: line.customer_email,
    seats: line.quantity - line.returned,
    returned: line.returned,
    participants: bookings
      .filter((b) => b.order_item_id === line.line_id)
      .map((b) => ({ name: `${b.first_name} ${b.last_name}`, email: b.email })),
  }));
  const sum = (pick: (row: AttendeeRow) => boolean) => rows.filter(pick).reduce((n, row) => n + row.seats, 0);
  const coming = new Set(comingRows({ rows }));
  const booked = sum((row) => coming.has(row));
  const { offered, ...facts } = item;
  return {
    ...facts,
    rows,
    counts: {
      booked,
      paid: sum((row) => row.status === "completed"),
      offered: offered ?? 0,
      free: freeSeats(item.capacity, { booked, offered }),
    },
  };
}

/**
 * The attendee list for German Excel (UTF-8 with BOM, ';'): one line per registered participant,
 * or per order while nobody is registered; only orders that hold seats (`comingRows`), as the
 * check-in list. The page's table still shows cancelled orders, marked, for the history.
 */
export function attendeeCsv(list: Pick<AttendeeList, "rows">) {
  const rows = comingRows(list).flatMap((row) => {
    const base = [row.number, orderStatusLabel(row.status), row.buyer, row.email, row.seats];
    return row.participants.length === 0
      ? [csvRow([...base, "", ""])]
      : row.participants.map((p) => csvRow([...base, p.name, p.email]));
  });
  const header = csvRow(["Bestellung", "Zahlung", "Käufer", "E-Mail", "Plätze", "Teilnehmer", "Teilnehmer-E-Mail"]);
  return CSV_BOM + header + rows.join("");
}
