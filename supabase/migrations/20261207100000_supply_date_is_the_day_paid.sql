-- An invoice's Leistungsdatum is the day its money arrived, as the admin recorded it.
--
-- Decision 0010 says the invoice's own Leistungsdatum (`supply_date`) is "the day it was paid", but
-- the trigger wrote the day the payment was recorded: money booked as received on 30 January and
-- recorded on 2 February gave 2 February, the next month (for a payment received before the
-- service, the VAT falls into the month it was received, § 13 Abs. 1 Nr. 1 a Satz 4 UStG). It is
-- now the latest "Eingegangen am" of the order's payments, and the day of issue only when no
-- payment was recorded (a 0,00 € order). The Rechnungsdatum stays the day of issue.

create or replace function public.invoice_on_status_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_open public.invoices;
  v_settings public.shop_settings;
  v_corrected numeric;
begin
  if old.status is not distinct from new.status then
    return null;
  end if;
  -- The invoice of this order that no cancellation invoice has cancelled yet.
  select i.* into v_open
  from public.invoices i
  where i.order_id = new.id and i.kind = 'invoice'
    and not exists (select 1 from public.invoices s where s.cancels_invoice_id = i.id)
  order by i.issued_at desc
  limit 1
  for update;

  if new.status = 'completed' and v_open.id is null then
    select s.* into v_settings from public.shop_settings s;
    if v_settings.id is null then
      raise exception 'shop_settings is empty: no seller data for the invoice' using errcode = 'P0001';
    end if;
    -- The day the money was complete: the latest payment's, else today (nothing to pay).
    insert into public.invoices (number, kind, order_id, supply_date, total_amount, seller, vat_mode)
    values (public.next_invoice_number(public.shop_now()), 'invoice', new.id,
            coalesce((select max(p.booked_on) from public.order_payments p
                       where p.order_id = new.id and p.kind = 'payment'),
                     (public.shop_now() at time zone 'Europe/Berlin')::date),
            new.total_amount, v_settings.seller, v_settings.vat_mode);
  elsif new.status <> 'completed' and v_open.id is not null then
    select coalesce(sum(c.total_amount), 0) into v_corrected
      from public.invoices c where c.corrects_invoice_id = v_open.id;
    -- Everything was corrected already: nothing is left to cancel.
    if v_open.total_amount + v_corrected > 0 then
      -- The cancellation mirrors the invoice it cancels, seller and VAT mode included.
      insert into public.invoices (number, kind, order_id, cancels_invoice_id, supply_date, total_amount, seller, vat_mode)
      values (public.next_invoice_number(public.shop_now()), 'cancellation', new.id, v_open.id,
              v_open.supply_date, -(v_open.total_amount + v_corrected), v_open.seller, v_open.vat_mode);
    end if;
  end if;
  return null;
end
$$;

revoke execute on function public.invoice_on_status_change() from public, anon, authenticated;
