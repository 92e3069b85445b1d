-- Taking back a membership order keeps the member's cancellation.
--
-- revert_order_membership (an order that renewed or upgraded a membership is cancelled, or set back
-- to pending) restored the membership from before the order and ignored its cancellation:
-- - renewed, then cancelled "sofort", then the renewal withdrawn: the membership ran again, with
--   member prices, until the old end, against the receipt the member was sent (§ 312k Abs. 4 BGB);
-- - cancelled, then renewed (which lifts the cancellation), then the renewal withdrawn: the
--   cancellation was gone, and renewal reminders started again.
-- A cancellation made after the order now stays (with its end, if sooner), one the order lifted
-- returns, and taking back an earlier order's year never moves the end later.

-- revert_order_membership as it stood (supabase/schema.sql before this migration), on Berlin's calendar
-- (20261209150000), with the cancellation kept.
create or replace function public.revert_order_membership(p_order_id uuid, p_new_status text) returns void
language plpgsql
security definer
set search_path = ''
set timezone to 'Europe/Berlin'
as $$
declare
  v_user uuid;
  v_applied timestamptz;
  v_prev jsonb;
  v_plan public.membership_plans;
  v_cur public.memberships;
  v_before jsonb;
  v_after jsonb;
  v_now timestamptz := public.shop_now();
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
      -- Back to what it was before this order; a cancellation made since stays (its end, if
      -- sooner, and its mark), and one this order had lifted returns.
      update public.memberships
         set plan = v_prev ->> 'plan', since = (v_prev ->> 'since')::timestamptz,
             until = case when v_cur.cancelled_at >= v_applied
                          then least(v_cur.until, (v_prev ->> 'until')::timestamptz)
                          else (v_prev ->> 'until')::timestamptz end,
             cancelled_at = case when v_cur.cancelled_at >= v_applied then v_cur.cancelled_at
                                 else (v_prev ->> 'cancelled_at')::timestamptz end,
             order_id = (v_prev ->> 'order_id')::uuid, updated_at = v_now
       where user_id = v_user;
    elsif v_plan.plan = v_cur.plan and v_plan.term_months is not null and v_cur.until is not null then
      update public.memberships
         -- A year less, but never later than it ends now (a cancellation may have ended it sooner).
         set until = least(v_cur.until, greatest(v_now, since, v_cur.until - v_plan.term_months * interval '1 month')),
             updated_at = v_now
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
