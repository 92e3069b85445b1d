-- When an event or a dated course takes place, kept with the order line (§ 14 Abs. 4 Nr. 6 UStG).
--
-- An invoice is issued when the money has arrived; its Leistungsdatum was that day for every line.
-- For a ticket to an event months later that date is false: the service is the event. The line now
-- keeps its item's start and end as they were when it was ordered (an event moved later does not
-- rewrite an issued invoice), and the invoice prints it per line (PDF: "Leistungsdatum" under the
-- title; XML: the line's invoice period, BT-134/BT-135). Products, memberships and self-paced
-- courses keep the invoice's Leistungsdatum.

alter table public.order_items
  add column service_starts_at timestamptz,
  add column service_ends_at timestamptz;
comment on column public.order_items.service_starts_at is
  'Start of the event or course of this line when it was ordered (null: goods, memberships, self-paced courses).';
comment on column public.order_items.service_ends_at is 'Its end, if it has one.';

create or replace function public.order_item_tax_snapshot() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.item_type in ('product', 'membership') then
    select p.vat_rate, p.shipped and p.category <> 'membership' into new.vat_rate, new.shipped
    from public.products p where p.id = new.item_id;
  elsif new.item_type = 'course' then
    select c.vat_rate, false, c.starts_at, c.ends_at
      into new.vat_rate, new.shipped, new.service_starts_at, new.service_ends_at
    from public.courses c where c.id = new.item_id;
  else
    select e.vat_rate, false, e.starts_at, e.ends_at
      into new.vat_rate, new.shipped, new.service_starts_at, new.service_ends_at
    from public.events e where e.id = new.item_id;
  end if;
  new.vat_rate := coalesce(new.vat_rate, 19);
  new.shipped := coalesce(new.shipped, false);
  return new;
end
$$;
revoke execute on function public.order_item_tax_snapshot() from public, anon, authenticated;

-- Lines ordered before: the dates their items have now (the closest record there is).
update public.order_items oi
   set service_starts_at = e.starts_at, service_ends_at = e.ends_at
  from public.events e
 where oi.item_type = 'event' and e.id = oi.item_id and oi.service_starts_at is null;
update public.order_items oi
   set service_starts_at = c.starts_at, service_ends_at = c.ends_at
  from public.courses c
 where oi.item_type = 'course' and c.id = oi.item_id and oi.service_starts_at is null;
