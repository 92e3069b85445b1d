/**
 * The rows of people who come to an event or course: a cancelled order holds no seat (its seats
 * went back, maybe to the waitlist), so it is left out wherever a list says who comes: the counts
 * ("gebucht"), the check-in list and the CSV. Isomorphic: the attendee page's check-in list uses it.
 */
export function comingRows<Row extends { status: string }>(list: { rows: readonly Row[] }): Row[] {
  return list.rows.filter((row) => row.status !== "cancelled");
}
