/**
 * The rows of people who come to an event or course: a cancelled order holds no seat (its seats
 * went back, maybe to the waitlist), and neither does a line whose seats a Rechnungskorrektur all
 * took back, so they are left out wherever a list says who comes: the counts ("gebucht"), the
 * check-in list and the CSV. Isomorphic: the attendee page's check-in list uses it.
 */
export function comingRows<Row extends { status: string; seats: number }>(list: { rows: readonly Row[] }): Row[] {
  return list.rows.filter((row) => row.status !== "cancelled" && row.seats > 0);
}
