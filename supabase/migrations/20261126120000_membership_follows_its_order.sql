-- A membership ends with the order that bought it (audit, 2026-11).
--
-- A Yearly order completed, then cancelled (Stornorechnung issued, money to be refunded) kept its
-- membership and the member prices. Now, when an order that applied a membership leaves
-- "completed" (cancelled, or a mistaken "Zahlung eingegangen" set back to pending), the same
-- transaction takes back what the order did:
--   - it started the membership: the membership ends now;
--   - it extended or replaced one: the membership is as it was before the order (kept in
--     orders.membership_before when the order was applied);
--   - a later order changed the membership since: a Yearly of the same plan is shortened by the
--     term this order added; anything else stays.
-- Each change is in the admin audit trail with its reason. The order can be completed again later
-- (membership_applied_at is cleared), which applies it anew.

alter table public.orders add column membership_before jsonb;

create or replace function public.activate_order_membership(p_order_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_applied timestamptz;
  v_plan text;
  v_before jsonb;
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
  perform public.apply_membership_purchase(v_user, v_plan, p_order_id);
  update public.orders set membership_applied_at = now(), membership_before = v_before where id = p_order_id;
end
$$;
revoke execute on function public.activate_order_membership(uuid) from public, anon, authenticated;

create or replace function public.revert_order_membership(p_order_id uuid, p_new_status text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_applied timestamptz;
  v_prev jsonb;
  v_plan public.membership_plans;
  v_cur public.memberships;
  v_before jsonb;
  v_after jsonb;
  v_now timestamptz := now();
begin
  select o.user_id, o.membership_applied_at, o.membership_before into v_user, v_applied, v_prev
  from public.orders o where o.id = p_order_id;
  if v_user is null or v_applied is null then
    return;
  end if;
  select p.* into v_plan
  from public.order_items oi join public.membership_plans p on p.plan = oi.membership_plan
  where oi.order_id = p_order_id
  limit 1;
  perform public.lock_membership(v_user);
  select * into v_cur from public.memberships where user_id = v_user for update;
  if found then
    v_before := to_jsonb(v_cur);
    if v_cur.order_id = p_order_id and v_prev is null then
      update public.memberships set until = greatest(v_now, since), updated_at = v_now where user_id = v_user;
    elsif v_cur.order_id = p_order_id then
      update public.memberships
         set plan = v_prev ->> 'plan', since = (v_prev ->> 'since')::timestamptz,
             until = (v_prev ->> 'until')::timestamptz, order_id = (v_prev ->> 'order_id')::uuid, updated_at = v_now
       where user_id = v_user;
    elsif v_plan.plan = v_cur.plan and v_plan.term_months is not null and v_cur.until is not null then
      update public.memberships
         set until = greatest(v_now, since, v_cur.until - v_plan.term_months * interval '1 month'), updated_at = v_now
       where user_id = v_user;
    end if;
    select to_jsonb(m) into v_after from public.memberships m where m.user_id = v_user;
    if v_after is distinct from v_before then
      insert into public.admin_audit_log (table_name, row_id, action, actor_id, actor_email, before, after)
      values ('memberships', v_user, 'update', auth.uid(), left(auth.jwt() ->> 'email', 254), v_before,
              v_after || jsonb_build_object(
                'action', 'order-' || p_new_status,
                'reason', 'Bestellung ' || left(p_order_id::text, 8) ||
                          case when p_new_status = 'cancelled' then ' storniert' else ' wieder offen (Zahlung nicht eingegangen)' end,
                'order_id', p_order_id));
    end if;
  end if;
  update public.orders set membership_applied_at = null, membership_before = null where id = p_order_id;
end
$$;
revoke execute on function public.revert_order_membership(uuid, text) from public, anon, authenticated;

create or replace function public.membership_follows_order_status() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'completed' and new.status is distinct from 'completed' then
    perform public.revert_order_membership(new.id, new.status);
  end if;
  return null;
end
$$;
revoke execute on function public.membership_follows_order_status() from public, anon, authenticated;

create trigger orders_membership_revert after update of status on public.orders
  for each row execute function public.membership_follows_order_status();
