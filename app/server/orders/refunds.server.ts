import { sql } from "kysely";
import { berlinDay } from "~/lib/berlin-time";
import { formatDate, formatPrice, orderNumber } from "~/lib/format";
import { formatIban, normalizeIban } from "~/lib/operator";
import { participantDroppedMail } from "~/server/catalog/attendee-mails.server";
import type { Tx } from "~/server/db/db.server";
import { day } from "~/server/db/values.server";
import { publicUrl } from "~/server/http/urls.server";
import { shopNow } from "~/server/jobs/clock.server";
import type { JobHandler } from "~/server/jobs/jobs.server";
import { greetingMail } from "~/server/mail/layout.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { hashToken, newToken } from "~/server/newsletter/newsletter.server";
import { renderInvoicePdf } from "~/server/orders/invoice-pdf.server";
import { getInvoiceDocument } from "~/server/orders/invoices.server";
import { orderRecipient } from "~/server/orders/order-mails.server";

/**
 * Refunds (issue 28): a paid order that is cancelled opens one (SQL trigger, migration
 * 20261127130000_refunds.sql) of what was received, due 14 days after the withdrawal or the
 * cancellation; an admin refunds chosen lines with a Rechnungskorrektur (`refundOrderLines`,
 * migration 20261127140000_partial_refunds.sql); money received beyond the order's total opens one
 * of the excess (`recordPayment`, migration 20261130140000_overpayment_refunds.sql). The customer
 * is asked for an IBAN by a mailed link (or the admin enters it); the admin marks it done with a
 * day, which records the money event and mails the customer.
 */

export interface RefundRow {
  id: string;
  orderId: string;
  number: string;
  customer: string;
  email: string;
  reason: "withdrawal" | "cancellation" | "partial" | "overpayment";
  /** Money that came in for an order already cancelled (an "overpayment" of an order owing nothing). */
  afterCancellation: boolean;
  amount: number;
  dueOn: string;
  /** Open past its due day. */
  overdue: boolean;
  holder: string | null;
  /** Grouped in fours, for the transfer. */
  iban: string | null;
  status: "open" | "done";
  doneOn: string | null;
}

/** Open refunds (due first) and the 20 settled last, as the admin sees them (RLS: admins). */
export async function listRefunds(tx: Tx): Promise<{ open: RefundRow[]; done: RefundRow[] }> {
  const base = tx
    .selectFrom("refunds as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select([
      "r.id",
      "r.order_id",
      "o.customer_name",
      "o.customer_email",
      "o.status as order_status",
      "r.reason",
      "r.amount",
      "r.due_on",
      "r.account_holder",
      "r.iban",
      "r.status",
      "r.done_on",
    ]);
  const [open, done] = await Promise.all([
    base.where("r.status", "=", "open").orderBy("r.due_on").orderBy("r.created_at").execute(),
    base
      .where("r.status", "=", "done")
      .orderBy("r.done_on", "desc")
      .orderBy("r.created_at", "desc")
      .limit(20)
      .execute(),
  ]);
  const today = berlinDay(shopNow());
  const row = (r: (typeof open)[number]): RefundRow => {
    const dueOn = day(r.due_on as unknown as Date)!;
    return {
      id: r.id,
      orderId: r.order_id,
      number: orderNumber(r.order_id),
      customer: r.customer_name,
      email: r.customer_email,
      reason: r.reason as RefundRow["reason"],
      afterCancellation: r.reason === "overpayment" && r.order_status === "cancelled",
      amount: Number(r.amount),
      dueOn,
      overdue: r.status === "open" && dueOn < today,
      holder: r.account_holder,
      iban: r.iban ? formatIban(r.iban) : null,
      status: r.status as RefundRow["status"],
      doneOn: day(r.done_on as unknown as Date | null),
    };
  };
  return { open: open.map(row), done: done.map(row) };
}

/**
 * "Teilerstattung" (admins): the chosen quantities back, as one transaction in SQL
 * (refund_order_lines): a Rechnungskorrektur, the refund, the mail asking for the IBAN; an event
 * line's participants the admin chose no longer come. Its refusals (more than bought, more than
 * paid, more participants than seats left) are German sentences (sql-errors.server.ts).
 */
export async function refundOrderLines(
  tx: Tx,
  orderId: string,
  lines: { item: string; quantity: number; dropped?: string[] }[],
) {
  const chosen = lines.filter((l) => l.quantity > 0);
  // Who no longer comes goes first: the database refuses a return that leaves more participants than seats.
  const droppedNames: string[] = [];
  for (const line of chosen) {
    if (line.dropped?.length) {
      const gone = await tx
        .deleteFrom("event_bookings")
        .where("order_item_id", "=", line.item)
        .where("id", "in", line.dropped)
        .returning(["id", "first_name", "last_name", "email"])
        .execute();
      droppedNames.push(...gone.map((p) => `${p.first_name} ${p.last_name}`));
      await tellDroppedParticipants(tx, line.item, gone);
    }
  }
  const lineQuantities = chosen.map((l) => ({ order_item_id: l.item, quantity: l.quantity }));
  const { rows } = await sql<{ id: string }>`
    select public.refund_order_lines(${orderId}::uuid, ${JSON.stringify(lineQuantities)}::jsonb) as id`.execute(tx);
  const refund = await tx
    .selectFrom("refunds as r")
    .innerJoin("invoices as k", "k.id", "r.correction_invoice_id")
    .select(["r.amount", "k.number"])
    .where("r.id", "=", rows[0].id)
    .executeTakeFirstOrThrow();
  return { amount: Number(refund.amount), correction: refund.number, droppedNames };
}

/** Each participant taken off is told, once (the mail is queued in the refund's transaction). */
async function tellDroppedParticipants(tx: Tx, lineId: string, gone: { id: string; email: string }[]) {
  if (gone.length === 0) return;
  const line = await tx
    .selectFrom("order_items")
    .select(["item_id", "item_title"])
    .where("id", "=", lineId)
    .executeTakeFirstOrThrow();
  const mail = participantDroppedMail({ title: line.item_title, link: publicUrl(`/events/${line.item_id}`) });
  for (const participant of gone) {
    await enqueueMail(tx, { to: participant.email, ...mail }, { key: `participant-dropped:${participant.id}` });
  }
}

/** The refund a mailed link is for (service role: the token is the proof). */
export async function refundOfToken(tx: Tx, token: string) {
  const refund = await tx
    .selectFrom("refunds")
    .select(["id", "order_id", "amount", "due_on", "iban", "status"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!refund) return null;
  return {
    id: refund.id,
    number: orderNumber(refund.order_id),
    amount: Number(refund.amount),
    dueOn: day(refund.due_on as unknown as Date)!,
    hasAccount: refund.iban !== null,
    done: refund.status === "done",
  };
}

/** The customer's (or the admin's) account for an open refund. False when it is settled already. */
export async function saveRefundAccount(tx: Tx, refundId: string, account: { holder: string; iban: string }) {
  const result = await tx
    .updateTable("refunds")
    .set({ account_holder: account.holder, iban: normalizeIban(account.iban) })
    .where("id", "=", refundId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The order a refund belongs to, or null for an unknown refund. */
export async function refundOrderId(tx: Tx, refundId: string) {
  const refund = await tx.selectFrom("refunds").select("order_id").where("id", "=", refundId).executeTakeFirst();
  return refund?.order_id ?? null;
}

/**
 * "Erstattung ausgeführt": the refund is settled on `doneOn`, the money event recorded as the admin
 * (order_payments, kind refund), and the customer told. Null when it is unknown or settled already.
 */
export async function completeRefund(tx: Tx, admin: { id: string; email: string }, refundId: string, doneOn: string) {
  const refund = await tx
    .updateTable("refunds")
    .set({ status: "done", done_on: doneOn, done_by: admin.id })
    .where("id", "=", refundId)
    .where("status", "=", "open")
    .returning(["order_id", "amount"])
    .executeTakeFirst();
  if (!refund) return null;
  await tx
    .insertInto("order_payments")
    .values({
      order_id: refund.order_id,
      refund_id: refundId,
      kind: "refund",
      amount: refund.amount,
      booked_on: doneOn,
      recorded_by: admin.id,
      recorded_by_email: admin.email,
      note: "Erstattung ausgeführt",
    })
    .execute();
  const recipient = await orderRecipient(tx, refund.order_id);
  if (recipient) {
    const number = orderNumber(refund.order_id);
    const mail = greetingMail(`Erstattung ausgeführt – ${number}`, "Erstattung ausgeführt", [
      [
        `wir haben dir am ${formatDate(doneOn)} ${formatPrice(Number(refund.amount))} für deine Bestellung ${number} überwiesen. Je nach Bank ist das Geld in ein bis zwei Werktagen auf deinem Konto.`,
      ],
    ]);
    await enqueueMail(tx, { to: recipient.email, ...mail }, { key: `refund-done:${refundId}` });
  }
  return { orderId: refund.order_id, amount: Number(refund.amount) };
}

/**
 * What the refund mail says the money is for ("wir erstatten dir 70,10 €…"). Money that came in for
 * an order already cancelled is not "too much": the order owes nothing any more.
 */
function refundPurpose(reason: string, number: string, orderCancelled: boolean) {
  if (reason === "partial") return ` für die zurückgegebenen Artikel deiner Bestellung ${number}`;
  if (reason === "overpayment" && orderCancelled) {
    return `, die nach der Stornierung deiner Bestellung ${number} bei uns eingegangen sind`;
  }
  if (reason === "overpayment") return `, die du für deine Bestellung ${number} zu viel überwiesen hast`;
  return ` für deine stornierte Bestellung ${number}`;
}

/**
 * Job "refund-iban-request" (scheduled with the refund): asks the customer for the account to pay
 * the refund to, by a link with a fresh token. Nothing when the account is known or it is settled.
 */
export const refundIbanRequest: JobHandler = async (tx, job) => {
  const orderId = String(job.payload.order_id);
  // Jobs queued before partial refunds name only the order (then it has one refund).
  const refundId = job.payload.refund_id ? String(job.payload.refund_id) : null;
  const refund = await tx
    .selectFrom("refunds")
    .select(["id", "amount", "due_on", "reason", "correction_invoice_id"])
    .where("order_id", "=", orderId)
    .$if(refundId !== null, (q) => q.where("id", "=", refundId!))
    .where("status", "=", "open")
    .where("iban", "is", null)
    .executeTakeFirst();
  if (!refund) return;
  const recipient = await orderRecipient(tx, orderId);
  if (!recipient) return;
  const token = newToken();
  await tx
    .updateTable("refunds")
    .set({ token_hash: hashToken(token) })
    .where("id", "=", refund.id)
    .execute();
  const number = orderNumber(orderId);
  const { status } = await tx.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow();
  const link = publicUrl(`/erstattung?token=${encodeURIComponent(token)}`);
  // A partial refund is this mail's news: its Rechnungskorrektur comes with it, as the
  // Stornorechnung comes with the cancellation mail (attached only to a confirmed address, whose
  // owner may read the name and address it prints; otherwise the dashboard has it).
  const correction = refund.correction_invoice_id
    ? await correctionOf(tx, refund.correction_invoice_id, recipient.confirmed)
    : null;
  const mail = greetingMail(`Deine Erstattung – ${number}`, "Wohin dürfen wir das Geld überweisen?", [
    [
      `wir erstatten dir ${formatPrice(Number(refund.amount))}${refundPurpose(refund.reason, number, status === "cancelled")}, spätestens bis zum ${formatDate(day(refund.due_on as unknown as Date))}.`,
      ...(correction ? [correction.sentence] : []),
    ],
    ["Bitte nenne uns dafür deine Bankverbindung:", { href: link, label: "Bankverbindung angeben", spelledOut: true }],
  ]);
  await enqueueMail(
    tx,
    { to: recipient.email, ...mail, attachments: correction?.attachment ? [correction.attachment] : [] },
    { key: `refund-iban-request:${refund.id}`, secret: true },
  );
};

/** The Rechnungskorrektur of a partial refund for its mail: the sentence naming it, and the PDF. */
async function correctionOf(tx: Tx, invoiceId: string, attach: boolean) {
  const document = await getInvoiceDocument(tx, invoiceId);
  if (!document) throw new Error("correction not readable");
  const issued = `${document.number} vom ${formatDate(document.issued_at)}`;
  if (!attach) {
    return {
      sentence: `In deinem Dashboard (${publicUrl("/dashboard")}) findest du die Rechnungskorrektur ${issued}.`,
      attachment: null,
    };
  }
  return {
    sentence: `Im Anhang findest du die Rechnungskorrektur ${issued}. Du kannst sie jederzeit auch in deinem Dashboard herunterladen: ${publicUrl("/dashboard")}`,
    attachment: {
      filename: `${document.number}.pdf`,
      contentType: "application/pdf",
      content: (await renderInvoicePdf(document)).toString("base64"),
    },
  };
}
