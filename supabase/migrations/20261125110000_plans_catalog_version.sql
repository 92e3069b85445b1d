-- The cart page prices from the in-process catalogue snapshot, which holds the plan facts
-- (rank, term, whether a plan grants community prices): a change to the plans retires it like a
-- change to events, courses or products does.
create trigger membership_plans_catalog_version after insert or update or delete or truncate on public.membership_plans
  for each statement execute function public.bump_catalog_version();
