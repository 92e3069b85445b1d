import { env } from "~/server/platform/env.server";

const DAY = 86_400_000;

/**
 * An unpaid order's deadline (the admin's, or placed + PAYMENT_CANCEL_DAYS) and whether it is
 * "Zahlung überfällig": its reminder day (placed + PAYMENT_REMINDER_DAYS) has passed unpaid. The
 * same rule as the payment sweep's SQL (order-payments.server.ts); `now` is the shop's clock.
 */
export function paymentDeadlineOf(order: { created_at: string; payment_deadline: string | null }, now: Date) {
  const placed = Date.parse(order.created_at);
  const deadline = order.payment_deadline
    ? Date.parse(order.payment_deadline)
    : placed + env().PAYMENT_CANCEL_DAYS * DAY;
  return {
    deadline: new Date(deadline).toISOString(),
    overdue: now.getTime() >= placed + env().PAYMENT_REMINDER_DAYS * DAY,
  };
}
