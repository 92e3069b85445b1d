import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";
import { membershipOrder, yearlyMember } from "~/server/orders/fixtures/order-status";

/**
 * A § 312k cancellation and the member's renewal that is still unpaid, against a real PGlite: the
 * contract is not renewed behind the cancellation's back.
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

/** A Yearly member ending in 20 days, with an unpaid renewal and an unpaid order of a book. */
async function memberWithRenewal() {
  const member = await yearlyMember("mitglied", 20);
  const { orderId: renewal } = await membershipOrder(member, "yearly", 49);
  const book = await asService(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      insert into public.orders (customer_name, customer_email, total_amount, status, user_id)
      values ('Mia Mitglied', ${member.email}, 20, 'pending', ${member.userId}::uuid) returning id`.execute(tx);
    await sql`insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
              values (${rows[0].id}::uuid, gen_random_uuid(), 'product', 'Glücksbuch', 1, 20)`.execute(tx);
    return rows[0].id;
  });
  return { ...member, renewal, book };
}

const statusOf = (orderId: string) =>
  asService(async (tx) => {
    const row = await tx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
    return row.status;
  });

describe("a cancelled membership is not renewed", () => {
  it("filing it cancels the unpaid renewal with its mail; other orders stay; the cancellation stays open", async () => {
    const { fileCancellation, getOpenCancellation, RENEWAL_CANCELLED_REASON } =
      await import("~/server/members/cancellations.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { userId, email, renewal, book } = await memberWithRenewal();
    const viewer = { role: "authenticated" as const, userId, email };

    await fileCancellation(viewer, { kind: "ordentlich", name: "Mia Mitglied", email });

    expect(await statusOf(renewal)).toBe("cancelled");
    expect(await statusOf(book)).toBe("pending");
    const mails = await asService(async (tx) => {
      const { rows } = await sql<{ subject: string; text_body: string }>`
        select subject, text_body from public.mail_outbox where to_address = ${email} and subject like '%storniert%'`.execute(
        tx,
      );
      return rows;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain(RENEWAL_CANCELLED_REASON);
    const open = await withViewer(viewer, (tx) => getOpenCancellation(tx, userId));
    expect(open).not.toBeNull();
  });

  it("a cancellation a later purchase replaced is no longer offered to take back", async () => {
    const { fileCancellation, getOpenCancellation } = await import("~/server/members/cancellations.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { userId, email } = await memberWithRenewal();
    const viewer = { role: "authenticated" as const, userId, email };
    await fileCancellation(viewer, { kind: "ordentlich", name: "Mia Mitglied", email });
    expect(await withViewer(viewer, (tx) => getOpenCancellation(tx, userId))).not.toBeNull();
    // A membership bought afterwards (Lifetime, say) clears the membership's cancellation.
    await asService((tx) =>
      sql`update public.memberships set plan = 'lifetime', until = null, cancelled_at = null where user_id = ${userId}::uuid`.execute(
        tx,
      ),
    );
    expect(await withViewer(viewer, (tx) => getOpenCancellation(tx, userId))).toBeNull();
  });
});

describe("the admin's list of cancellations", () => {
  it("leaves a deleted member's declaration out of 'ohne Zuordnung' and keeps it in the list", async () => {
    const { listCancellationsAdmin } = await import("~/server/members/cancellations.server");
    const { ERASED_ADDRESS } = await import("~/lib/admin/cancellations");
    const ids = await asService(async (tx) => {
      const insert = (name: string, email: string) =>
        sql<{ id: string }>`
          insert into public.contract_cancellations (kind, name, email, confirmation_email)
          values ('ordentlich', ${name}, ${email}, ${email}) returning id`.execute(tx);
      const visitor = await insert("Lisa Liste", "lisa.liste@example.com");
      const deleted = await insert("Lisa Liste", ERASED_ADDRESS);
      return { visitor: visitor.rows[0].id, deleted: deleted.rows[0].id };
    });
    const page = (unmatched: boolean) =>
      asService((tx) => listCancellationsAdmin(tx, { q: "Lisa Liste", page: 1, unmatched }));
    expect((await page(true)).rows.map((r) => r.id)).toEqual([ids.visitor]);
    expect((await page(false)).rows.map((r) => r.id).sort()).toEqual([ids.visitor, ids.deleted].sort());
  });
});

describe("§ 312k Abs. 4 and § 356a: a member's own declaration always gets its receipt", () => {
  it("even after strangers used up the receipts to the member's address", async () => {
    const { fileCancellation } = await import("~/server/members/cancellations.server");
    const { fileWithdrawal } = await import("~/server/orders/withdrawals.server");
    const member = await yearlyMember("ziel", 100);
    const stranger = { role: "anon" as const };
    // Five declarations naming the member's address, from anyone: the most receipts an hour to it.
    for (let i = 0; i < 3; i++)
      await fileCancellation(stranger, { kind: "ordentlich", name: "Irgendwer", email: member.email });
    for (let i = 0; i < 2; i++)
      await fileWithdrawal(stranger, { name: "Irgendwer", email: member.email, orderNumber: "3f2a9c1b" });
    const receiptsTo = async (key: string) => {
      const { rows } = await asService((tx) =>
        sql<{ n: number }>`select count(*)::int as n from public.mail_outbox
                            where to_address = ${member.email} and dedupe_key = ${key}`.execute(tx),
      );
      return rows[0].n;
    };
    // A sixth from a stranger gets none.
    const sixth = await fileCancellation(stranger, { kind: "ordentlich", name: "Irgendwer", email: member.email });
    expect(await receiptsTo(`cancellation-receipt:${sixth.id}`)).toBe(0);

    // The member, signed in, to their own address: both receipts go out.
    const viewer = { role: "authenticated" as const, userId: member.userId, email: member.email };
    const cancellation = await fileCancellation(viewer, {
      kind: "ordentlich",
      name: "Mia Mitglied",
      email: member.email,
    });
    expect(await receiptsTo(`cancellation-receipt:${cancellation.id}`)).toBe(1);
    const withdrawal = await fileWithdrawal(viewer, {
      name: "Mia Mitglied",
      email: member.email,
      orderNumber: "3f2a9c1b",
    });
    expect(withdrawal.mailed).toBe(true);
    expect(await receiptsTo(`withdrawal-receipt:${withdrawal.id}`)).toBe(1);
  });
});
