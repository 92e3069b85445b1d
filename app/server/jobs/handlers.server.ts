import { catalogueClock } from "~/server/catalog/catalogue-clock.server";
import { eventReminder } from "~/server/catalog/event-reminders.server";
import { waitlistExpiry, waitlistOffer } from "~/server/catalog/waitlist.server";
import type { JobHandlers } from "~/server/jobs/jobs.server";
import { newsletterQueue } from "~/server/newsletter/newsletter-queue.server";
import { membershipSweep } from "~/server/members/membership-jobs.server";
import { paymentSweep } from "~/server/orders/order-payments.server";
import { refundIbanRequest } from "~/server/orders/refunds.server";

/**
 * Every kind of scheduled job and the domain function that does its work. A new kind is added
 * here and scheduled with scheduleJob (or, for a recurring one, by its migration).
 */
export const JOB_HANDLERS: JobHandlers = {
  "membership-sweep": membershipSweep,
  "payment-sweep": paymentSweep,
  "refund-iban-request": refundIbanRequest,
  "catalogue-clock": catalogueClock,
  "event-reminder": eventReminder,
  "waitlist-offer": waitlistOffer,
  "waitlist-expiry": waitlistExpiry,
  "newsletter-queue": newsletterQueue,
};
