-- A membership's order line carries the term it paid for (§ 14 Abs. 4 Nr. 6 UStG).
--
-- A Yearly membership is a service over twelve months; its invoice printed only the day it was
-- paid as the Leistungsdatum. The term is known once the payment starts the membership: from that
-- moment (or, for an extension, from the end it extends) to the new end. The line keeps it like an
-- event's date (migration 20261206110000), so the invoice prints "Leistungszeitraum" under the line
-- and the e-invoice gives the line's period (BT-134/BT-135). Lifetime has a start and no end. A
-- plan that did not apply (a lower one than held) keeps the invoice's date.

create or replace function public.activate_order_membership(p_order_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_applied timestamptz;
  v_plan text;
  v_before jsonb;
  v_result text;
  v_since timestamptz;
  v_until timestamptz;
begin
  select o.user_id, o.membership_applied_at into v_user, v_applied
  from public.orders o where o.id = p_order_id and o.status = 'completed';
  -- No owner left (account deleted) or already applied: nothing to start.
  if v_user is null or v_applied is not null then
    return;
  end if;
  select oi.membership_plan into v_plan
  from public.order_items oi where oi.order_id = p_order_id and oi.membership_plan is not null
  limit 1;
  if v_plan is null then
    return;
  end if;
  perform public.lock_membership(v_user);
  select to_jsonb(m) into v_before from public.memberships m where m.user_id = v_user;
  v_result := public.apply_membership_purchase(v_user, v_plan, p_order_id);
  update public.orders set membership_applied_at = public.shop_now(), membership_before = v_before where id = p_order_id;
  if v_result <> 'kept' then
    select m.since, m.until into v_since, v_until from public.memberships m where m.user_id = v_user;
    update public.order_items
       set service_starts_at = case when v_result = 'extended' then (v_before ->> 'until')::timestamptz else v_since end,
           service_ends_at = v_until
     where order_id = p_order_id and membership_plan is not null;
  end if;
end
$$;
revoke execute on function public.activate_order_membership(uuid) from public, anon, authenticated;
