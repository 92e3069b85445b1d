import { sql } from "kysely";
import type { Tx } from "~/server/db/db.server";

export interface AdminCounts {
  events: number;
  courses: number;
  products: number;
  contacts: number;
}

export const ZERO_COUNTS: AdminCounts = { events: 0, courses: 0, products: 0, contacts: 0 };

/** The four counts of the overview (spec §7 "Admin overview") in one statement. */
export async function adminCounts(tx: Tx): Promise<AdminCounts> {
  const { rows } = await sql<AdminCounts>`
    select
      (select count(*)::int from public.events) as events,
      (select count(*)::int from public.courses) as courses,
      (select count(*)::int from public.products) as products,
      (select count(*)::int from public.contact_messages) as contacts`.execute(tx);
  return rows[0] ?? ZERO_COUNTS;
}
