-- Profiles' and the catalogue's bookkeeping stamps follow the shop's clock.
--
-- The year-long audit moved the shop's clock and found a new or edited profile stamped with real
-- time while every order, membership and declaration of it carried the shop's. A profile's
-- created_at now defaults to public.shop_now(), as the tables of issue 27 onwards do, and the
-- updated_at trigger of profiles, events, courses and products reads the same clock.

alter table public.profiles alter column created_at set default public.shop_now();

create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := public.shop_now();
  return new;
end
$$;
