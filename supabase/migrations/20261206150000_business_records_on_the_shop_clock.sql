-- Business records are stamped by the shop's clock.
--
-- Every date decision reads public.shop_now(), but the rows those decisions start from were
-- stamped with now(): an order's date (payment deadline and reminders), a withdrawal's date (a
-- refund is due 14 days after it), an invoice's date (printed on it, and the month the accountant's
-- export files it under). In production both clocks agree; with the shop's clock moved (the
-- end-to-end hook), an order placed "next year" was dated today, overdue at once, and its invoice
-- fell into the wrong month of the export.
--
-- The records of what the shop and its customers did now default to the shop's clock. Machinery
-- keeps real time: the mail outbox and the job queue (SMTP and leases happen in real time), the
-- version counters of the caches, the admin audit log (a record of real actions), newsletter
-- consent evidence, catalogue and profile bookkeeping.

alter table public.orders alter column created_at set default public.shop_now();
alter table public.order_delivery_addresses alter column created_at set default public.shop_now();
alter table public.order_payments alter column created_at set default public.shop_now();
alter table public.invoices alter column issued_at set default public.shop_now();
alter table public.invoice_correction_lines alter column created_at set default public.shop_now();
alter table public.refunds alter column created_at set default public.shop_now();
alter table public.withdrawals alter column created_at set default public.shop_now();
alter table public.event_bookings alter column created_at set default public.shop_now();
alter table public.memberships alter column since set default public.shop_now();
alter table public.memberships alter column updated_at set default public.shop_now();
alter table public.vouchers alter column created_at set default public.shop_now();
alter table public.voucher_redemptions alter column created_at set default public.shop_now();
alter table public.contact_messages alter column created_at set default public.shop_now();
