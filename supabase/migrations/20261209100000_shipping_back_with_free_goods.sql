-- A paid shipping fee comes back with the last goods, even when a code made the goods free.
--
-- refund_order_lines refused a Teilerstattung whose lines a 100 % code had made free ("Für diese
-- Positionen wurde nichts bezahlt") before it added the shipping fee that returning everything
-- brings back. With a free parcel whose 4,90 € shipping the customer paid, the fee could then only
-- be refunded by cancelling the whole order, though § 357 Abs. 2 BGB owes it after a withdrawal.
-- The check now comes after the shipping fee is added: free lines alone are still refused.

create or replace function public.refund_order_lines(p_order_id uuid, p_lines jsonb) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_invoice public.invoices;
  v_line jsonb;
  v_item public.order_items;
  v_quantity integer;
  v_left integer;
  v_returned integer; -- voucher:
  v_share numeric(10, 2); -- voucher:
  v_chosen boolean := false; -- voucher:
  v_amount numeric := 0;
  v_all_back boolean;
  v_shipping_back boolean;
  v_refundable numeric;
  v_correction uuid;
  v_refund uuid;
  v_withdrawn timestamptz; -- due:
begin
  if not public.is_admin((select auth.uid())) then
    raise exception 'admin only' using errcode = '42501';
  end if;
  select o.* into v_order from public.orders o where o.id = p_order_id for update;
  if v_order.id is null then
    raise exception 'Diese Bestellung gibt es nicht (mehr).' using errcode = 'P0002';
  end if;
  select i.* into v_invoice from public.invoices i
   where i.order_id = p_order_id and i.kind = 'invoice'
     and not exists (select 1 from public.invoices s where s.cancels_invoice_id = i.id)
   order by i.issued_at desc limit 1;
  if v_order.status <> 'completed' or v_invoice.id is null then
    raise exception 'Nur bezahlte Bestellungen mit Rechnung können teilweise erstattet werden.' using errcode = 'P0001';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    raise exception 'Wähle mindestens eine Position und ihre Menge.' using errcode = '22023';
  end if;

  v_correction := gen_random_uuid();
  insert into public.invoices (id, number, kind, order_id, corrects_invoice_id, supply_date, total_amount, seller, vat_mode)
  values (v_correction, public.next_invoice_number(public.shop_now()), 'correction', p_order_id, v_invoice.id,
          v_invoice.supply_date, 0, v_invoice.seller, v_invoice.vat_mode);

  for v_line in select * from jsonb_array_elements(p_lines) loop
    v_quantity := case when jsonb_typeof(v_line -> 'quantity') = 'number' then (v_line ->> 'quantity')::integer end;
    if v_quantity is null or v_quantity = 0 then
      continue;
    end if;
    select oi.* into v_item from public.order_items oi
     where oi.id = (v_line ->> 'order_item_id')::uuid and oi.order_id = p_order_id;
    if v_item.id is null then
      raise exception 'Diese Position gehört nicht zur Bestellung.' using errcode = '22023';
    end if;
    select r.quantity into v_left from public.remaining_invoice_quantities(v_invoice.id) r
     where r.order_item_id = v_item.id;
    if v_quantity < 0 or v_quantity > v_left then
      raise exception 'Von „%“ können höchstens % erstattet werden.', v_item.item_title, v_left using errcode = '22023';
    end if;
    -- voucher: the line's discount taken back in proportion, rounded so that all returns of the
    -- voucher: line together take back exactly its discount.
    v_returned := v_item.quantity - v_left;
    v_share := round(v_item.discount * (v_returned + v_quantity) / v_item.quantity, 2)
             - round(v_item.discount * v_returned / v_item.quantity, 2);
    insert into public.invoice_correction_lines (invoice_id, order_item_id, quantity, discount)
    values (v_correction, v_item.id, v_quantity, v_share);
    v_amount := v_amount + v_quantity * v_item.price - v_share;
    v_chosen := true; -- voucher:
  end loop;
  if not v_chosen then -- voucher:
    raise exception 'Wähle mindestens eine Position und ihre Menge.' using errcode = '22023';
  end if;
  -- Everything back: the shipping fee too (once).
  select coalesce(bool_and(r.quantity = 0), true) into v_all_back
    from public.remaining_invoice_quantities(v_invoice.id) r;
  select exists (select 1 from public.invoice_correction_lines l join public.invoices c on c.id = l.invoice_id
                  where c.corrects_invoice_id = v_invoice.id and l.order_item_id is null) into v_shipping_back;
  if v_all_back and coalesce(v_order.shipping_fee, 0) > 0 and not v_shipping_back then
    insert into public.invoice_correction_lines (invoice_id, order_item_id, quantity) values (v_correction, null, 1);
    v_amount := v_amount + v_order.shipping_fee;
  end if;
  -- Lines a 100 % code made free: nothing was paid for them, so nothing comes back, unless they
  -- were the last to come back and bring the paid shipping fee with them (§ 357 Abs. 2 BGB).
  if v_amount = 0 then
    raise exception 'Für diese Positionen wurde nichts bezahlt, es gibt nichts zu erstatten.' using errcode = 'P0001';
  end if;

  v_refundable := public.refundable_amount(p_order_id);
  if v_amount > v_refundable then
    raise exception 'Die Erstattung (% €) wäre höher als das, was für diese Bestellung noch erstattet werden kann (% €).',
      replace(to_char(v_amount, 'FM999999990.00'), '.', ','), replace(to_char(v_refundable, 'FM999999990.00'), '.', ',')
      using errcode = 'P0001';
  end if;

  update public.invoices set total_amount = -v_amount where id = v_correction;
  -- due: 14 days from the earliest withdrawal matched to the order (§ 357 Abs. 1 BGB), else from now,
  -- due: as orders_open_refund counts them for the whole order.
  select min(w.created_at) into v_withdrawn from public.withdrawals w where w.order_id = p_order_id; -- due:
  insert into public.refunds (order_id, reason, amount, due_on, correction_invoice_id)
  values (p_order_id, 'partial', v_amount,
          ((coalesce(v_withdrawn, public.shop_now()) + interval '14 days') at time zone 'Europe/Berlin')::date, -- due:
          v_correction)
  returning id into v_refund;
  insert into public.jobs (kind, key, run_at, payload)
  values ('refund-iban-request', 'refund-iban-request:' || v_refund, public.shop_now(),
          jsonb_build_object('order_id', p_order_id, 'refund_id', v_refund));
  return v_refund;
end
$$;
