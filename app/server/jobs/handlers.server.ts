import { catalogueClock } from "~/server/catalog/catalogue-clock.server";
import { eventReminder } from "~/server/catalog/event-reminders.server";
import { waitlistExpiry, waitlistOffer } from "~/server/catalog/waitlist.server";
import type { JobHandlers } from "~/server/jobs/jobs.server";
import { newsletterQueue } from "~/server/newsletter/newsletter-queue.server";
import { dataRetention } from "~/server/members/data-retention.server";
import { membershipSweep } from "~/server/members/membership-jobs.server";
import { paymentSweep } from "~/server/orders/order-payments.server";
import { refundIbanRequest } from "~/server/orders/refunds.server";

/**
 * Every kind of scheduled job and the domain function that does its work. A new kind is added
 * here and scheduled with scheduleJob (or, for a recurring one, by its migration).
 */
export const JOB_HANDLERS = {
  "membership-sweep": membershipSweep,
  "payment-sweep": paymentSweep,
  "refund-iban-request": refundIbanRequest,
  "catalogue-clock": catalogueClock,
  "event-reminder": eventReminder,
  "waitlist-offer": waitlistOffer,
  "waitlist-expiry": waitlistExpiry,
  "newsletter-queue": newsletterQueue,
  "data-retention": dataRetention,
} satisfies JobHandlers;

/** What each kind of job does, in the admin's words (/admin/jobs); one for every kind above. */
export const JOB_LABELS: Record<keyof typeof JOB_HANDLERS, string> = {
  "membership-sweep": "Mitgliedschaften: Erinnerungen vor dem Ende, Ablauf",
  "payment-sweep": "Überweisungen: Zahlungserinnerung, Stornierung nach Ablauf der Frist",
  "refund-iban-request": "Erstattung: Bankverbindung beim Kunden erfragen",
  "catalogue-clock": "Veranstaltung beginnt oder endet: Seiten zeigen „Läuft bereits“ oder „Vergangen“",
  "event-reminder": "Erinnerung zwei Tage vor einer Veranstaltung",
  "waitlist-offer": "Warteliste: freien Platz dem Nächsten anbieten",
  "waitlist-expiry": "Warteliste: ungenutztes Angebot weitergeben",
  "newsletter-queue": "Newsletter: Empfänger:innen in den Versand geben",
  "data-retention": "Datenschutz: Löschfristen (Newsletter-Anmeldungen, Kontaktanfragen)",
};

/** The admin's words for a job kind; an unknown kind (from a newer version) by its name. */
export const jobLabel = (kind: string) => JOB_LABELS[kind as keyof typeof JOB_LABELS] ?? kind;
