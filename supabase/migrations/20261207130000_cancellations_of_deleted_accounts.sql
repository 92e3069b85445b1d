-- A cancellation of a deleted account is never matched to another.
--
-- delete_my_account keeps a member's Kündigungen as records but detaches them (user_id null) and
-- erases their addresses. The admin list then showed them as "nicht zugeordnet", counted them among
-- the cancellations to match, and match_contract_cancellation would have applied one to whichever
-- account an admin typed. It now answers 'account-deleted'; the list names them "Konto gelöscht".

create or replace function public.match_contract_cancellation(p_id uuid, p_account_email text)
returns table (result text, user_id uuid, applied boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_decl public.contract_cancellations;
  v_applied boolean;
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'admin only' using errcode = '42501';
  end if;
  select * into v_decl from public.contract_cancellations c where c.id = p_id for update;
  if not found then
    return query select 'not-found'::text, null::uuid, false;
    return;
  end if;
  if v_decl.user_id is not null then
    return query select 'already'::text, v_decl.user_id, false;
    return;
  end if;
  -- The member deleted their account (delete_my_account erased the addresses): the declaration was
  -- theirs and stays a record; it is never anyone else's.
  if v_decl.confirmation_email = 'geloescht@anonymisiert.invalid' then
    return query select 'account-deleted'::text, null::uuid, false;
    return;
  end if;
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(coalesce(p_account_email, ''))) limit 1;
  if v_user is null then
    return query select 'no-account'::text, null::uuid, false;
    return;
  end if;
  v_applied := public.apply_contract_cancellation(p_id, v_user);
  update public.contract_cancellations c set matched_by = auth.uid(), matched_at = public.shop_now() where c.id = p_id;
  return query select 'matched'::text, v_user, v_applied;
end
$$;
