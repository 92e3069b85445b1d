import { sql } from "kysely";
import { berlinDay } from "~/lib/berlin-time";
import { formatDate, formatPrice, orderNumber } from "~/lib/format";
import type { Tx } from "~/server/db/db.server";
import { shopNow } from "~/server/jobs/clock.server";
import type { JobHandler } from "~/server/jobs/jobs.server";
import { escapeHtml, mailLayout } from "~/server/mail/layout.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { bankTransferFor, girocodePng } from "~/server/orders/bank-transfer.server";
import { bankTransferHtml, bankTransferText, girocodeAttachment } from "~/server/orders/order-confirmation-mail.server";
import { changeOrderStatusIn, orderRecipient } from "~/server/orders/order-mails.server";
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/log.server";
import { operator } from "~/server/platform/operator.server";

/**
 * Money of pending orders (issue 28). Unpaid bank transfers: one reminder PAYMENT_REMINDER_DAYS after the order, with the
 * bank data and the GiroCode again; cancellation by the shop at the deadline (placed +
 * PAYMENT_CANCEL_DAYS, or the day an admin extended it to), which frees its seats (SQL triggers)
 * and tells the customer. The hourly job "payment-sweep" (migration 20261127120000_payments.sql)
 * does both on the shop's clock. 0,00 € orders are never pending.
 */

/**
 * No money recorded for the order (SQL condition). Only such an order is reminded of and cancelled
 * by the shop: one an admin set back to pending after a payment, or paid in part, is theirs to
 * decide, and "keine Zahlung eingegangen" would be untrue.
 */
const nothingReceived = () =>
  sql<boolean>`not exists (select 1 from public.order_payments p where p.order_id = orders.id and p.kind = 'payment')`;

/** The deadline of an order: the admin's, or placed + PAYMENT_CANCEL_DAYS (SQL expression). */
const deadlineSql = () =>
  sql<Date>`coalesce(payment_deadline, created_at + make_interval(days => ${env().PAYMENT_CANCEL_DAYS}))`;

/**
 * The deadline's day is over in Berlin (SQL condition). The customer is told "bis zum 13.12.2026",
 * so the whole of that day counts: the order is cancelled from 14.12. 00:00 Berlin, not at the hour
 * it was placed.
 */
const deadlineDayOver = () =>
  sql<boolean>`(${deadlineSql()} at time zone 'Europe/Berlin')::date < (public.shop_now() at time zone 'Europe/Berlin')::date`;

/**
 * The frame of the mails about a payment deadline (reminder, extension): greeting, what happened,
 * the day in bold, the details (bank data or where to find them), contact and regards.
 */
function deadlineMailBody(input: {
  personalName: string | null;
  intro: string;
  until: string;
  details: { text: string[]; html: string };
}) {
  const hello = input.personalName ? `Hallo ${input.personalName},` : "Hallo,";
  const text = [
    hello,
    "",
    input.intro,
    "",
    input.until,
    "",
    ...input.details.text,
    "",
    `Fragen? Schreib uns an ${operator().email}.`,
    "",
    "Viele Grüße",
    "dein BeHappy-Team",
  ].join("\n");
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(input.intro)}</p><p><strong>${escapeHtml(input.until)}</strong></p>
    ${input.details.html}
    <p>Fragen? Schreib uns an ${escapeHtml(operator().email)}.</p><p>Viele Grüße<br>dein BeHappy-Team</p>`;
  return { text, html };
}

export function paymentReminderMail(input: {
  number: string;
  deadline: string;
  transfer: NonNullable<ReturnType<typeof bankTransferFor>>;
  png: string;
  personalName: string | null;
  /** The order has seats of an event or course, which its cancellation frees. */
  holdsSeats: boolean;
}) {
  const { number, deadline, transfer } = input;
  const { text, html } = deadlineMailBody({
    personalName: input.personalName,
    intro: `für deine Bestellung ${number} über ${formatPrice(transfer.amount)} ist bei uns noch keine Zahlung eingegangen. Vielleicht ist die Überweisung schon unterwegs – dann ist alles gut.`,
    until: `Bitte überweise den Betrag bis zum ${formatDate(deadline)}. Geht bis dahin keine Zahlung ein, stornieren wir die Bestellung${
      input.holdsSeats ? ", und reservierte Plätze werden wieder frei" : ""
    }.`,
    details: { text: bankTransferText(transfer).slice(1), html: bankTransferHtml(transfer) },
  });
  return {
    subject: `Zahlungserinnerung – ${number}`,
    text,
    html: mailLayout("Zahlungserinnerung", html),
    attachments: [girocodeAttachment(input.png)],
  };
}

async function remindUnpaid(tx: Tx) {
  const due = await tx
    .selectFrom("orders")
    .select(["id", "customer_name", "total_amount"])
    .select(deadlineSql().as("deadline"))
    .select(
      sql<boolean>`exists (select 1 from public.order_items i where i.order_id = orders.id and i.item_type in ('event', 'course'))`.as(
        "holds_seats",
      ),
    )
    .where("status", "=", "pending")
    .where("total_amount", ">", 0)
    .where("payment_reminded_at", "is", null)
    .where(nothingReceived())
    .where(sql<boolean>`created_at + make_interval(days => ${env().PAYMENT_REMINDER_DAYS}) <= public.shop_now()`)
    .where(sql<boolean>`not ${deadlineDayOver()}`)
    .orderBy("created_at")
    .limit(200)
    .execute();
  for (const order of due) {
    const recipient = await orderRecipient(tx, order.id);
    if (recipient) {
      const deadline = new Date(order.deadline).toISOString();
      // The transfer's own sentence names the same day as the reminder ("bis zum …").
      const transfer = {
        ...bankTransferFor({ total_amount: Number(order.total_amount) }, orderNumber(order.id))!,
        deadline,
      };
      const mail = paymentReminderMail({
        number: orderNumber(order.id),
        deadline,
        transfer,
        png: await girocodePng(transfer),
        personalName: recipient.confirmed ? order.customer_name : null,
        holdsSeats: order.holds_seats,
      });
      await enqueueMail(tx, { to: recipient.email, ...mail }, { key: `payment-reminder:${order.id}` });
    }
    await tx
      .updateTable("orders")
      .set({ payment_reminded_at: sql`public.shop_now()` })
      .where("id", "=", order.id)
      .execute();
  }
  return due.length;
}

async function cancelUnpaid(tx: Tx) {
  const overdue = await tx
    .selectFrom("orders")
    .select(["id"])
    .select(deadlineSql().as("deadline"))
    .where("status", "=", "pending")
    .where("total_amount", ">", 0)
    .where(nothingReceived())
    .where(deadlineDayOver())
    .orderBy("created_at")
    .limit(200)
    .execute();
  for (const order of overdue) {
    const reason = `Bis zum ${formatDate(new Date(order.deadline).toISOString())} ist keine Zahlung eingegangen.`;
    await changeOrderStatusIn(tx, order.id, "cancelled", { reason });
  }
  return overdue.length;
}

/** Job "payment-sweep": reminders first, then the cancellations; at most 200 of each per run. */
export const paymentSweep: JobHandler = async (tx) => {
  const reminded = await remindUnpaid(tx);
  const cancelled = await cancelUnpaid(tx);
  if (reminded + cancelled > 0) logger.info("payment sweep", { reminded, cancelled });
};

/**
 * "Teilzahlung eingegangen": part of the total came in, the order stays pending. The customer learns
 * what arrived and what is missing, with the account and a GiroCode for the rest. No day and no
 * cancellation: the shop neither reminds nor cancels an order that has money (nothingReceived).
 */
export function partPaymentMail(input: {
  number: string;
  total: number;
  received: number;
  transfer: NonNullable<ReturnType<typeof bankTransferFor>>;
  png: string;
  personalName: string | null;
}) {
  const { number, transfer } = input;
  const open = formatPrice(transfer.amount);
  const { text, html } = deadlineMailBody({
    personalName: input.personalName,
    intro: `für deine Bestellung ${number} über ${formatPrice(input.total)} sind bisher ${formatPrice(input.received)} bei uns eingegangen. Vielen Dank!`,
    until: `Es fehlen noch ${open}.`,
    details: {
      text: bankTransferText(transfer, "Bitte überweise den fehlenden Betrag auf folgendes Konto:"),
      html: bankTransferHtml(transfer, `Bitte überweise die fehlenden <strong>${open}</strong> auf folgendes Konto:`),
    },
  });
  return {
    subject: `Teilzahlung eingegangen – Bestellung ${number}`,
    text,
    html: mailLayout("Teilzahlung eingegangen", html),
    attachments: [girocodeAttachment(input.png)],
  };
}

/** After a part payment: the mail above to the order's address (one per payment recorded). */
export async function mailPartPayment(
  tx: Tx,
  orderId: string,
  input: { paymentId: string; total: number; received: number },
) {
  const recipient = await orderRecipient(tx, orderId);
  if (!recipient) return;
  const order = await tx
    .selectFrom("orders")
    .select("customer_name")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const number = orderNumber(orderId);
  const rest = Math.round((input.total - input.received) * 100) / 100;
  const transfer = { ...bankTransferFor({ total_amount: rest }, number)!, deadline: null };
  const mail = partPaymentMail({
    number,
    total: input.total,
    received: input.received,
    transfer,
    png: await girocodePng(transfer),
    personalName: recipient.confirmed ? order.customer_name : null,
  });
  await enqueueMail(tx, { to: recipient.email, ...mail }, { key: `part-payment:${input.paymentId}` });
}

/** "Neue Zahlungsfrist": the customer learns the later day an admin gave them. */
export function paymentDeadlineMail(input: {
  number: string;
  amount: number;
  deadline: string;
  personalName: string | null;
}) {
  const where = "Die Bankverbindung und den Verwendungszweck findest du in deiner Bestellbestätigung.";
  const { text, html } = deadlineMailBody({
    personalName: input.personalName,
    intro: `für deine Bestellung ${input.number} über ${formatPrice(input.amount)} haben wir die Zahlungsfrist verlängert.`,
    until: `Bitte überweise den Betrag bis zum ${formatDate(input.deadline)}. Geht bis dahin keine Zahlung ein, stornieren wir die Bestellung.`,
    details: { text: [where], html: `<p>${escapeHtml(where)}</p>` },
  });
  return { subject: `Neue Zahlungsfrist – ${input.number}`, text, html: mailLayout("Neue Zahlungsfrist", html) };
}

/** The day an order was placed, in Berlin (YYYY-MM-DD): no money of it moves before. */
const orderedOnSql = () => sql<string>`to_char((orders.created_at at time zone 'Europe/Berlin')::date, 'YYYY-MM-DD')`;

/**
 * Why an admin's "Eingegangen am" (or the day a refund went out) is refused, for its field: a day
 * in the future, or one before the order was placed. Null when it is fine or the order is unknown.
 */
export async function refusedMoneyDay(tx: Tx, orderId: string, day: string, future: string) {
  if (day > berlinDay(shopNow())) return future;
  const order = await tx
    .selectFrom("orders")
    .select(orderedOnSql().as("ordered_on"))
    .where("id", "=", orderId)
    .executeTakeFirst();
  return order && day < order.ordered_on
    ? `Der Tag liegt vor der Bestellung vom ${formatDate(order.ordered_on)}.`
    : null;
}

/**
 * Why a new payment deadline is refused, for its field: not after today, not after the current
 * deadline (it extends, never shortens), or more than a year ahead. Null when it is fine.
 */
export async function refusedDeadline(tx: Tx, orderId: string, until: string) {
  const today = berlinDay(shopNow());
  if (until <= today) return "Die neue Frist muss nach heute liegen.";
  // Up to the same day next year (a day string compares as a date); further is more often a typo.
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  if (until > nextYear) return "Die neue Frist darf höchstens ein Jahr nach heute liegen.";
  const order = await tx
    .selectFrom("orders")
    .select(sql<Date>`${deadlineSql()}`.as("deadline"))
    .where("id", "=", orderId)
    .executeTakeFirst();
  const current = order ? berlinDay(new Date(order.deadline)) : null;
  return current && until <= current
    ? `Die neue Frist muss nach der bisherigen vom ${formatDate(current)} liegen.`
    : null;
}

/**
 * An admin extends an unpaid order's deadline (RLS: admins update orders) and the customer is told
 * the new day (one mail per new day). The reminder, once sent, is not sent again. False when the
 * order is not pending (or not visible).
 */
export async function extendPaymentDeadline(tx: Tx, orderId: string, until: Date) {
  const order = await tx
    .updateTable("orders")
    .set({ payment_deadline: until })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .returning(["customer_name", "total_amount"])
    .executeTakeFirst();
  if (!order) return false;
  const recipient = await orderRecipient(tx, orderId);
  if (recipient) {
    const deadline = until.toISOString();
    const mail = paymentDeadlineMail({
      number: orderNumber(orderId),
      amount: Number(order.total_amount),
      deadline,
      personalName: recipient.confirmed ? order.customer_name : null,
    });
    await enqueueMail(tx, { to: recipient.email, ...mail }, { key: `payment-deadline:${orderId}:${deadline}` });
  }
  return true;
}
