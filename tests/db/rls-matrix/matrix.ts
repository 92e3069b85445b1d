// The RLS matrix's vocabulary: viewers, statements, outcomes, the fixture ids and one table's case.
//   ok    the statement affected / saw the fixture row
//   none  it ran but RLS hid the row (0 rows seen or affected)
//   42501 it was refused (no grant, or an INSERT/UPDATE row failed a policy's WITH CHECK)

export type Outcome = "ok" | "none" | "42501";
export type Viewer = "anon" | "other" | "owner" | "admin" | "service";
export type Op = "select" | "insert" | "update" | "delete";
export const VIEWERS: Viewer[] = ["anon", "other", "owner", "admin", "service"];
export const OPS: Op[] = ["select", "insert", "update", "delete"];

export interface Ids {
  correctionLine: string;
  owner: string;
  other: string;
  admin: string;
  event: string;
  course: string;
  product: string;
  newsletter: string;
  contact: string;
  order: string;
  orderItem: string;
  booking: string;
  outbox: string;
  withdrawal: string;
  invoice: string;
  cancellation: string;
  waitlistEntry: string;
  payment: string;
  refund: string;
  newsletterIssue: string;
  voucher: string;
  redemption: string;
}

export interface TableCase {
  /** WHERE clause selecting the fixture row ($1 = key). */
  where: string;
  key: (ids: Ids) => string;
  insert: (ids: Ids) => [string, unknown[]];
  /** A no-op-ish SET list that touches an updatable column. */
  set: string;
  /** Superuser statements run first inside the case's transaction. */
  insertSetup?: (ids: Ids) => string[];
  /** Expected outcome per viewer, in OPS order (select insert update delete). */
  expect: Record<Viewer, [Outcome, Outcome, Outcome, Outcome]>;
}

export const X = "42501" as const;
// Everyone reads, only admins (and service_role) write.
export const catalogue: TableCase["expect"] = {
  anon: ["ok", X, X, X],
  other: ["ok", X, "none", "none"],
  owner: ["ok", X, "none", "none"], // "owner" is just another signed-in user here
  admin: ["ok", "ok", "ok", "ok"],
  service: ["ok", "ok", "ok", "ok"],
};
// Visitors write, admins read and manage.
export const inbox: TableCase["expect"] = {
  anon: [X, "ok", X, X],
  other: ["none", "ok", "none", "none"],
  owner: ["none", "ok", "none", "none"],
  admin: ["ok", "ok", "ok", "ok"],
  service: ["ok", "ok", "ok", "ok"],
};
