import { sql } from "kysely";
import type { Tx } from "~/server/db/db.server";
import type { JobHandler } from "~/server/jobs/jobs.server";
import { orderNumber } from "~/lib/format";
import { iso } from "~/server/db/values.server";
import { publicUrl } from "~/server/http/urls.server";
import { shopNow } from "~/server/jobs/clock.server";
import { paymentDeadlineOf } from "~/server/orders/payment-terms.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { membershipEndedMail, renewalReminderMail } from "~/server/members/membership-mails.server";
import { invalidateViewers } from "~/server/members/viewer-version.server";
import { berlinDaysBetween } from "~/lib/berlin-time";

/**
 * The membership sweep (job kind "membership-sweep", hourly on the shop's clock): the reminders
 * 30 and 7 days before a Yearly plan ends, and the mail on its end. A membership ends by its date
 * (`until`; my_membership and place_order compare it with shop_now()), so the sweep only tells the
 * member and drops cached prices. Each mail's dedupe key names the membership's end: a member is
 * mailed once per reason and term, however often the sweep runs; a renewal moves the end and so
 * starts a new term's reminders.
 */

interface Due {
  user_id: string;
  email: string;
  plan_name: string;
  until: Date;
  cancelled: boolean;
  days_left: number;
}

/** A reminder's member, with the newest membership order that waits for its payment, if any. */
interface DueReminder extends Due {
  open_order_id: string | null;
  open_total: number | null;
  open_created_at: Date | null;
  open_deadline: Date | null;
}

/** How long after its end a membership still gets the "beendet" mail (a shop that was down catches up). */
const ENDED_MAIL_GRACE = "14 days";

export const membershipSweep: JobHandler = async (tx) => {
  const renewLink = publicUrl("/join");
  for (const due of await dueReminders(tx)) {
    // Within 7 days only the 7-day reminder (a shop that was down does not send both at once).
    const days = due.days_left <= 7 ? 7 : 30;
    const openRenewal = due.open_order_id
      ? {
          number: orderNumber(due.open_order_id),
          amount: Number(due.open_total),
          deadline: paymentDeadlineOf(
            { created_at: iso(due.open_created_at!), payment_deadline: iso(due.open_deadline) },
            shopNow(),
          ).deadline,
          link: publicUrl(`/order-confirmation/${due.open_order_id}`),
        }
      : null;
    // Calendar days in Berlin, as the member reads "in 7 Tagen, am …": a sweep late in the day
    // must not say one more.
    const daysLeft = berlinDaysBetween(shopNow(), due.until);
    const mail = renewalReminderMail({ planName: due.plan_name, until: due.until, renewLink, daysLeft, openRenewal });
    await enqueueMail(
      tx,
      { to: due.email, ...mail },
      { key: `membership-reminder-${days}:${due.user_id}:${due.until.toISOString()}` },
    );
  }
  let ended = 0;
  for (const due of await justEnded(tx)) {
    const queued = await enqueueMail(
      tx,
      {
        to: due.email,
        ...membershipEndedMail({ planName: due.plan_name, until: due.until, cancelled: due.cancelled }),
      },
      { key: `membership-ended:${due.user_id}:${due.until.toISOString()}` },
    );
    if (queued) ended++;
  }
  // Community prices stop now on every instance, not when a cached viewer would expire.
  if (ended > 0) await invalidateViewers(tx);
};

/**
 * Yearly memberships ending within 30 days, not cancelled (a cancelled one gets no renewal nudge),
 * with a membership order still waiting for its transfer (the same choice as my_membership's
 * pending_plan).
 */
async function dueReminders(tx: Tx) {
  const { rows } = await sql<DueReminder>`
    select m.user_id, pr.email, p.name as plan_name, m.until, m.cancelled_at is not null as cancelled,
           extract(epoch from m.until - public.shop_now()) / 86400 as days_left,
           open.id as open_order_id, open.total_amount as open_total,
           open.created_at as open_created_at, open.payment_deadline as open_deadline
      from public.memberships m
      join public.membership_plans p on p.plan = m.plan
      join public.profiles pr on pr.id = m.user_id
      left join lateral (
        select o.id, o.total_amount, o.created_at, o.payment_deadline
          from public.orders o
         where o.user_id = m.user_id and o.status = 'pending'
           and exists (select 1 from public.order_items oi where oi.order_id = o.id and oi.membership_plan is not null)
         order by o.created_at desc
         limit 1) open on true
     where p.term_months is not null and m.cancelled_at is null and m.until is not null
       and m.until > public.shop_now() and m.until <= public.shop_now() + interval '30 days'
       and pr.email is not null`.execute(tx);
  return rows.map((row) => ({ ...row, until: new Date(row.until), days_left: Number(row.days_left) }));
}

/**
 * Memberships whose end has come by itself (within the grace period): a Yearly term, or a
 * cancellation's date. One ended by a write at that moment (an admin's "beenden", a cancelled order)
 * is left out: its own mail told the member (`updated_at` is on the shop's clock, like `until`).
 */
async function justEnded(tx: Tx) {
  const { rows } = await sql<Due>`
    select m.user_id, pr.email, p.name as plan_name, m.until, m.cancelled_at is not null as cancelled, 0 as days_left
      from public.memberships m
      join public.membership_plans p on p.plan = m.plan
      join public.profiles pr on pr.id = m.user_id
     where m.until is not null and m.until <= public.shop_now()
       and m.until > public.shop_now() - ${ENDED_MAIL_GRACE}::interval
       and m.updated_at < m.until
       and pr.email is not null`.execute(tx);
  return rows.map((row) => ({ ...row, until: new Date(row.until) }));
}
