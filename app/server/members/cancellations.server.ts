import { sql } from "kysely";
import { containsPattern, type ListParams, type Page } from "~/lib/admin/list-params";
import { ERASED_ADDRESS, type AdminCancellationRow } from "~/lib/admin/cancellations";
import type { ReceiptPage } from "~/lib/declaration-receipt";
import type { CancellationInput, CancellationKind } from "~/lib/schemas/cancellation";
import { newestFirstPage } from "~/server/admin/paging.server";
import { afterCommit, asService, withViewer, type Tx, type Viewer } from "~/server/db/db.server";
import { day, iso, num } from "~/server/db/values.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import {
  cancellationMatchedMail,
  cancellationNotificationMail,
  cancellationReceiptMail,
  cancellationReceivedMail,
  cancellationWithdrawnMail,
} from "~/server/members/cancellation-mails.server";
import { accountAddress, isOwnConfirmedAddress } from "~/server/members/accounts.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { receiptExpired, receiptPage } from "~/server/http/declaration-receipt.server";
import { shopNow } from "~/server/jobs/clock.server";
import { logger } from "~/server/platform/log.server";
import { operator } from "~/server/platform/operator.server";
import { allowedWithin } from "~/server/http/rate-limit.server";
import { cancelUnpaidMembershipOrders } from "~/server/orders/order-mails.server";
import { sameAddress } from "~/lib/declaration-receipt";

/**
 * Files a cancellation (§ 312k BGB) and, in the same transaction, queues the receipt and the shop's
 * notification. A signed-in member's declaration applies to their own membership inside
 * file_contract_cancellation. The receipt repeats what was typed only to the member's own confirmed
 * address; any other address gets a neutral one (kind, time, the end rule). The full declaration
 * stays in the table and in the shop's notification.
 */
export async function fileCancellation(viewer: Viewer, input: CancellationInput) {
  const confirmationEmail = input.confirmationEmail || input.email;
  return withViewer(viewer, async (tx) => {
    const { rows } = await sql<{
      id: string;
      created_at: Date;
      applied: boolean;
      ends_at: Date | null;
      plan: string | null;
    }>`select id, created_at, applied, ends_at, plan from public.file_contract_cancellation(
        ${input.kind}, ${input.reason ?? null}, ${input.name}, ${input.email}, ${input.contract ?? null},
        ${input.wishedEnd ?? null}::date, ${confirmationEmail})`.execute(tx);
    const filed = rows[0];
    const receivedAt = new Date(filed.created_at).toISOString();
    const endsAt = filed.ends_at ? new Date(filed.ends_at).toISOString() : null;
    const end = {
      kind: input.kind,
      receivedAt,
      endsAt,
      plan: filed.plan,
      endedNow: endedBy(endsAt),
    };
    const own = await isOwnConfirmedAddress(tx, viewer, confirmationEmail);
    const receipt = own
      ? cancellationReceiptMail({
          ...end,
          name: input.name,
          reason: input.reason ?? null,
          contract: input.contract ?? null,
          wishedEnd: input.wishedEnd ?? null,
        })
      : cancellationReceivedMail({
          kind: input.kind,
          receivedAt,
          wishedEnd: input.wishedEnd ?? null,
          applied: filed.applied ? end : null,
        });
    // § 312k Abs. 4 BGB: a signed-in member's receipt to their own address is owed at once and reaches
    // nobody else, so it is never held back; receipts to a typed address are limited (a stranger's
    // inbox), and a stranger's filings can never use up the member's own.
    if (own || (await allowedWithin(tx, "declarationMailPerEmail", confirmationEmail.toLowerCase()))) {
      await enqueueMail(tx, { to: confirmationEmail, ...receipt }, { key: `cancellation-receipt:${filed.id}` });
    }
    const notification = cancellationNotificationMail({
      kind: input.kind,
      reason: input.reason ?? null,
      name: input.name,
      email: input.email,
      contract: input.contract ?? null,
      wishedEnd: input.wishedEnd ?? null,
      confirmationEmail,
      receivedAt,
      endsAt,
      matched: viewer.role === "authenticated",
    });
    await enqueueMail(
      tx,
      { to: operator().notificationEmail, ...notification },
      { key: `cancellation-notification:${filed.id}` },
    );
    if (filed.applied && viewer.role === "authenticated") {
      await cancelUnpaidMembershipOrders(tx, viewer.userId, RENEWAL_CANCELLED_REASON);
      await invalidateViewers(tx);
    }
    afterCommit(tx, () => logger.info("cancellation filed", { cancellationId: filed.id, applied: filed.applied }));
    return { id: filed.id, receivedAt };
  });
}

/** Whether a membership's end has come already, on the shop's clock. */
function endedBy(endsAt: string | null) {
  return endsAt !== null && new Date(endsAt).getTime() <= shopNow().getTime();
}

export interface CancellationReceipt extends ReceiptPage {
  id: string;
  kind: CancellationKind;
  reason: string | null;
  name: string;
  email: string;
  contract: string | null;
  wishedEnd: string | null;
  confirmationEmail: string;
  receivedAt: string;
  /** Only for the member who filed it signed in (their own membership); null: the end rule applies. */
  endsAt: string | null;
}

/**
 * The receipt page's data. The id (random, 122 bits) is what the sender was sent to; the page shows
 * what they typed and never whether it matched an account, unless the viewer filed it signed in.
 */
export async function getCancellationReceipt(
  viewer: Viewer,
  id: string,
): Promise<CancellationReceipt | "expired" | null> {
  return withViewer(viewer, async (tx) => {
    const row = await asService(tx, () =>
      tx.selectFrom("contract_cancellations").selectAll().where("id", "=", id).executeTakeFirst(),
    );
    if (!row) return null;
    if (receiptExpired(row.created_at)) return "expired";
    const own = viewer.role === "authenticated" && row.filed_by === viewer.userId;
    return {
      id: row.id,
      kind: row.kind as CancellationKind,
      reason: row.reason,
      name: row.name,
      email: row.email,
      contract: row.contract_reference,
      wishedEnd: day(row.wished_end),
      confirmationEmail: row.confirmation_email,
      receivedAt: iso(row.created_at),
      endsAt: own ? iso(row.ends_at) : null,
      ...(await receiptPage(tx, row.created_at, `cancellation-receipt:${id}`)),
    };
  });
}

/** Why the member's unpaid membership orders are cancelled with their contract (the mail says it). */
export const RENEWAL_CANCELLED_REASON =
  "Du hast deine Mitgliedschaft gekündigt; deshalb verlängern wir sie nicht. Bitte überweise für diese Bestellung nichts.";

/**
 * The member's cancellation that can still be taken back: applied, not withdrawn, not yet over, and
 * still the one the membership carries (a later purchase or another declaration may have replaced it).
 */
export async function getOpenCancellation(tx: Tx, userId: string) {
  const row = await tx
    .selectFrom("contract_cancellations as c")
    .innerJoin("memberships as m", "m.user_id", "c.user_id")
    .select(["c.id", "c.ends_at"])
    .where("c.user_id", "=", userId)
    .where("c.applied_at", "is not", null)
    .where("c.withdrawn_at", "is", null)
    .whereRef("m.cancelled_at", "=", "c.applied_at")
    .where(sql<boolean>`c.ends_at > public.shop_now()`)
    .orderBy("c.created_at", "desc")
    .executeTakeFirst();
  return row?.ends_at ? { id: row.id, endsAt: iso(row.ends_at) } : null;
}

/** Takes the member's cancellation back (withdraw_contract_cancellation checks it) and mails them. */
export async function withdrawCancellation(tx: Tx, userId: string, id: string) {
  await sql`select public.withdraw_contract_cancellation(${id}::uuid)`.execute(tx);
  await invalidateViewers(tx);
  const address = await accountAddress(tx, userId);
  const membership = await tx
    .selectFrom("memberships")
    .select("until")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (address) {
    const mail = cancellationWithdrawnMail({ until: iso(membership?.until ?? null) });
    await enqueueMail(tx, { to: address.email, ...mail }, { key: `cancellation-withdrawn:${id}` });
  }
}

/** All cancellations, newest first; the unmatched ones are what an admin must look at. */
export async function listCancellationsAdmin(
  tx: Tx,
  params: ListParams & { unmatched: boolean },
): Promise<Page<AdminCancellationRow>> {
  let base = tx.selectFrom("contract_cancellations");
  // Not matched, and not a deleted member's (kept as a record, never matched to anyone else).
  if (params.unmatched) base = base.where("user_id", "is", null).where("confirmation_email", "<>", ERASED_ADDRESS);
  if (params.q) {
    const pattern = containsPattern(params.q);
    base = base.where((eb) =>
      eb.or([eb("name", "ilike", pattern), eb("email", "ilike", pattern), eb("contract_reference", "ilike", pattern)]),
    );
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow();
  const count = num(total) ?? 0;
  const columns = [
    "id",
    "created_at",
    "kind",
    "reason",
    "name",
    "email",
    "contract_reference",
    "wished_end",
    "confirmation_email",
    "user_id",
    "ends_at",
    "withdrawn_at",
  ] as const;
  const { page, totalPages, rows } = newestFirstPage(base.select(columns), count, params.page);
  return {
    rows: (await rows.execute()).map((r) => ({
      ...r,
      wished_end: day(r.wished_end),
      created_at: iso(r.created_at),
      ends_at: iso(r.ends_at),
      withdrawn_at: iso(r.withdrawn_at),
    })),
    total: count,
    page,
    totalPages,
    q: params.q,
  };
}

export type CancellationMatchResult = "matched" | "no-account" | "already" | "not-found" | "account-deleted";

/**
 * Thrown by matchCancellation (so that its transaction is rolled back) when the account found has
 * neither of the declaration's addresses and the admin has not confirmed that: the wrong account
 * would lose its membership.
 */
export class UnconfirmedOtherAddress extends Error {
  constructor(readonly declarationEmail: string) {
    super("the account has another address than the declaration");
  }
}

/**
 * Matches a declaration to the account with this e-mail (as an admin; the function checks that),
 * which applies it; the member's account address then gets the confirmation with the end date.
 * An account under another address than the declaration's needs `evenIfOtherAddress`.
 */
export async function matchCancellation(
  tx: Tx,
  id: string,
  accountEmail: string,
  evenIfOtherAddress = false,
): Promise<CancellationMatchResult> {
  const { rows } = await sql<{ result: CancellationMatchResult; user_id: string | null; applied: boolean }>`
    select result, user_id, applied from public.match_contract_cancellation(${id}::uuid, ${accountEmail})`.execute(tx);
  const { result, user_id: userId } = rows[0];
  if (result !== "matched" || !userId) return result;
  if (!evenIfOtherAddress) {
    const declaration = await tx
      .selectFrom("contract_cancellations")
      .select(["email", "confirmation_email"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (![declaration.email, declaration.confirmation_email].some((address) => sameAddress(address, accountEmail)))
      throw new UnconfirmedOtherAddress(declaration.email);
  }
  if (rows[0].applied) await cancelUnpaidMembershipOrders(tx, userId, RENEWAL_CANCELLED_REASON);
  await invalidateViewers(tx);
  const decl = await tx
    .selectFrom("contract_cancellations")
    .select(["kind", "created_at", "ends_at", "plan"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const address = await accountAddress(tx, userId);
  if (address) {
    const mail = cancellationMatchedMail({
      kind: decl.kind as CancellationKind,
      receivedAt: iso(decl.created_at),
      endsAt: iso(decl.ends_at),
      plan: decl.plan,
      endedNow: endedBy(iso(decl.ends_at)),
    });
    await enqueueMail(tx, { to: address.email, ...mail }, { key: `cancellation-matched:${id}` });
  }
  return result;
}
