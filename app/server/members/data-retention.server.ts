import { deleteFinishedWaitlists } from "~/server/catalog/waitlist.server";
import { deleteOldContactMessages } from "~/server/contact/contact.server";
import type { JobHandler } from "~/server/jobs/jobs.server";
import { deleteEndedSubscriptions, endUnconfirmedSignups } from "~/server/newsletter/newsletter-retention.server";
import { logger } from "~/server/platform/log.server";

/**
 * The daily job "data-retention": the deletion periods the privacy page (/datenschutz) promises,
 * by the shop's clock. Unconfirmed newsletter sign-ups after 30 days; an ended subscription with its
 * proof of consent after three years; contact messages after two years; waitlist entries a week after
 * their person stopped waiting, or once their event has begun. Orders, invoices and sent
 * mails are business records with their own periods (§ 147 AO, § 257 HGB) and stay.
 */
export const dataRetention: JobHandler = async (tx) => {
  const counts = {
    ...(await endUnconfirmedSignups(tx)),
    endedSubscriptionsDeleted: await deleteEndedSubscriptions(tx),
    contactMessagesDeleted: await deleteOldContactMessages(tx),
    waitlistEntriesDeleted: await deleteFinishedWaitlists(tx),
  };
  if (Object.values(counts).some((n) => n > 0)) logger.info("data retention", counts);
};
