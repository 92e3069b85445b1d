import { sql, type SelectQueryBuilder } from "kysely";
import { ADMIN_PAGE_SIZE, totalPages, type ListParams, type Page } from "~/lib/admin/list-params";
import type { Tx } from "~/server/db/db.server";

export type { Page };

/** The admin lists public.admin_list_page knows. */
export type AdminListName = "events" | "courses" | "products" | "newsletter" | "contacts" | "orders" | "profiles";

/**
 * One admin list page, all in SQL: public.admin_list_page (admins only) counts the matches and finds
 * the ids of the page (trigram search, indexed order newest first, page clamped to the last one);
 * then `read` fetches those rows by id as the admin viewer, under RLS. Never more than 10 rows.
 */
export async function pageOf<T extends { id: string }>(
  tx: Tx,
  list: AdminListName,
  params: ListParams,
  read: (ids: string[]) => Promise<T[]>,
): Promise<Page<T>> {
  const { rows } = await sql<{ result: { total: number; page: number; ids: string[] } }>`
    select public.admin_list_page(${list}, ${params.q}, ${params.page}, ${ADMIN_PAGE_SIZE}) as result`.execute(tx);
  const { total, page, ids } = rows[0].result;
  const found = ids.length > 0 ? await read(ids) : [];
  const position = new Map(ids.map((id, index) => [id, index]));
  found.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { rows: found, total, page, totalPages: totalPages(total), q: params.q };
}

/**
 * A page of a filtered list read with a plain count and OFFSET, newest first (id breaks ties); for
 * lists that stay small, like pending orders or withdrawals. The page is clamped to the last one.
 */
export function newestFirstPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  total: number,
  requested: number,
) {
  const pages = totalPages(total);
  const page = Math.min(requested, pages);
  const rows = query
    .orderBy(sql`created_at`, "desc")
    .orderBy(sql`id`, "desc")
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { page, totalPages: pages, rows };
}
