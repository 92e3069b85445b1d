import { sql } from "kysely";
import type { VoucherInput } from "~/lib/schemas/voucher";
import type { Tx } from "~/server/db/db.server";
import { day, iso, num } from "~/server/db/values.server";

/** A code in the admin list, with its uses (cancelled orders give theirs back). */
export interface VoucherRow {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  amount: number;
  minOrder: number | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  itemKinds: string[] | null;
  membersOnly: boolean;
  active: boolean;
  uses: number;
  createdAt: string;
}

/** /admin/gutscheine: every code, newest first (RLS: admins only). */
export async function listVouchers(tx: Tx): Promise<VoucherRow[]> {
  const rows = await tx
    .selectFrom("vouchers as v")
    .select([
      "v.id",
      "v.code",
      "v.kind",
      "v.amount",
      "v.min_order",
      "v.valid_from",
      "v.valid_until",
      "v.max_uses",
      "v.max_uses_per_customer",
      "v.item_kinds",
      "v.members_only",
      "v.active",
      "v.created_at",
    ])
    .select(
      sql<number>`(select count(*)::int from public.voucher_redemptions r join public.orders o on o.id = r.order_id
                    where r.voucher_id = v.id and o.status <> 'cancelled')`.as("uses"),
    )
    .orderBy("v.created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    kind: r.kind === "fixed" ? "fixed" : "percent",
    amount: num(r.amount) ?? 0,
    minOrder: num(r.min_order),
    validFrom: day(r.valid_from),
    validUntil: day(r.valid_until),
    maxUses: r.max_uses,
    maxUsesPerCustomer: r.max_uses_per_customer,
    itemKinds: r.item_kinds,
    membersOnly: r.members_only,
    active: r.active,
    uses: num(r.uses) ?? 0,
    createdAt: iso(r.created_at),
  }));
}

/** A new code; false when the code exists already (its unique constraint decides). */
export async function createVoucher(tx: Tx, adminId: string, input: VoucherInput): Promise<boolean> {
  const inserted = await tx
    .insertInto("vouchers")
    .values({
      code: input.code,
      kind: input.kind,
      amount: input.amount,
      min_order: input.minOrder ?? null,
      valid_from: input.validFrom ?? null,
      valid_until: input.validUntil ?? null,
      max_uses: input.maxUses ?? null,
      max_uses_per_customer: input.maxUsesPerCustomer ?? null,
      item_kinds: input.itemKinds && input.itemKinds.length > 0 ? input.itemKinds : null,
      members_only: input.membersOnly,
      created_by: adminId,
    })
    .onConflict((oc) => oc.column("code").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Deactivates a code: it is refused from now on; orders placed with it keep their discount. */
export async function deactivateVoucher(tx: Tx, id: string): Promise<string | null> {
  const row = await tx
    .updateTable("vouchers")
    .set({ active: false })
    .where("id", "=", id)
    .returning("code")
    .executeTakeFirst();
  return row?.code ?? null;
}
