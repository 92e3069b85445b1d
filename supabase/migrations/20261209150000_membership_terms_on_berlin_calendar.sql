-- A membership's months are counted on Berlin's calendar.
--
-- The functions that start, extend and take back a membership's term add months to a timestamptz
-- (`+ term_months * interval '1 month'`), which PostgreSQL does on the calendar of the session's
-- time zone: UTC. A Yearly plan paid on 1 March 2027 at 00:30 in Berlin (28 February 23:30 UTC)
-- then ran until 29 February 2028 00:30, one day short of the twelve months the AGB promise
-- (§ 188 Abs. 2 BGB). These functions now run in Berlin's time zone, so months (and days) are
-- Berlin's. They format no time zone-dependent text.

alter function public.apply_membership_purchase(uuid, text, uuid) set timezone to 'Europe/Berlin';
alter function public.admin_set_membership(uuid, text, text, text) set timezone to 'Europe/Berlin';
alter function public.revert_order_membership(uuid, text) set timezone to 'Europe/Berlin';
