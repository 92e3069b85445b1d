-- A cancellation "sofort" takes effect when it arrived, also when it is matched later.
--
-- A declaration filed without signing in waits in the admin's list until it is matched to an
-- account. apply_contract_cancellation ended a membership cancelled "sofort" (no date, außerordentlich
-- or a plan without term) at the moment of the match, so it ran on, with member prices, until an
-- admin acted, and the mail named that later time. § 312k Abs. 4 Satz 2 BGB presumes the declaration
-- received right after it was sent, and the receipt says "sofort": the end is now the declaration's
-- arrival. Ordentliche Kündigungen and wished days are unchanged.

-- apply_contract_cancellation as in 20261126160000_contract_cancellations.sql, with the "sofort" end.
create or replace function public.apply_contract_cancellation(p_id uuid, p_user_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := public.shop_now();
  v_decl public.contract_cancellations;
  v_cur public.memberships;
  v_term integer;
  v_end timestamptz;
  v_before jsonb;
  v_after jsonb;
begin
  select * into v_decl from public.contract_cancellations where id = p_id for update;
  update public.contract_cancellations set user_id = p_user_id where id = p_id;
  perform public.lock_membership(p_user_id);
  select * into v_cur from public.memberships where user_id = p_user_id for update;
  if not found or (v_cur.until is not null and v_cur.until <= v_now) then
    return false;
  end if;
  select p.term_months into v_term from public.membership_plans p where p.plan = v_cur.plan;

  if v_term is not null and v_decl.kind = 'ordentlich' then
    v_end := v_cur.until;
  elsif v_decl.wished_end is not null then
    -- The end of the wished day in Berlin, never past the paid end.
    v_end := ((v_decl.wished_end + 1)::timestamp at time zone 'Europe/Berlin') - interval '1 second';
    if v_cur.until is not null then
      v_end := least(v_end, v_cur.until);
    end if;
  else
    -- "Sofort": from when the declaration arrived (§ 312k Abs. 4 Satz 2 BGB), not from when the
    -- shop matched it to the account; a member who filed it signed in is matched at once anyway.
    v_end := least(v_now, v_decl.created_at);
  end if;
  v_end := greatest(v_end, v_cur.since);

  v_before := to_jsonb(v_cur);
  update public.memberships set until = v_end, cancelled_at = v_now, updated_at = v_now where user_id = p_user_id;
  update public.contract_cancellations
     set applied_at = v_now, plan = v_cur.plan, ends_at = v_end, previous_until = v_cur.until
   where id = p_id;
  select to_jsonb(m) into v_after from public.memberships m where m.user_id = p_user_id;
  insert into public.admin_audit_log (table_name, row_id, action, actor_id, actor_email, before, after)
  values ('memberships', p_user_id, 'update', auth.uid(), left(auth.jwt() ->> 'email', 254), v_before,
          v_after || jsonb_build_object(
            'action', 'cancel',
            'reason', 'Kündigung (' || case when v_decl.kind = 'ordentlich' then 'ordentlich' else 'außerordentlich' end
                      || ') vom ' || to_char(v_decl.created_at at time zone 'Europe/Berlin', 'DD.MM.YYYY HH24:MI'),
            'cancellation_id', p_id));
  return true;
end
$$;
