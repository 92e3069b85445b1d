-- Kündigungsbutton (§ 312k BGB): a membership is cancelled on /vertrag-kuendigen without signing in.
--
-- - contract_cancellations keeps every declaration as received (kind, reason, name, e-mail, contract,
--   wished end, confirmation address, time of receipt on the shop's clock), matched or not.
-- - Filed only through file_contract_cancellation (anon, member). A signed-in member's declaration is
--   theirs: it applies to their membership in the same transaction (cancelled_at, the end), with the
--   previous end kept on the declaration so the member can take it back before it takes effect.
-- - An anonymous declaration stays unmatched; the function never tells the caller whether name, e-mail
--   or number belong to an account (no oracle). Admins match one by hand (match_contract_cancellation).
-- - The end: Yearly ordentlich at the end of the paid year (until unchanged); außerordentlich, Lifetime
--   and Free at the end of the wished day, or at once (shop_now()) without one.

create table public.contract_cancellations (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('ordentlich', 'ausserordentlich')),
  reason text check (char_length(reason) <= 2000),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200 and name !~ '[\r\n]'),
  email text not null check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  contract_reference text check (char_length(contract_reference) <= 100 and contract_reference !~ '[\r\n]'),
  wished_end date,
  confirmation_email text not null
    check (char_length(confirmation_email) <= 254 and confirmation_email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- The account that sent it signed in (its declaration is its own), or null for a visitor.
  filed_by uuid references auth.users (id) on delete set null,
  -- The member it applies to (filed signed in, or matched by an admin); null: "nicht zugeordnet".
  user_id uuid references auth.users (id) on delete set null,
  matched_by uuid references auth.users (id) on delete set null,
  matched_at timestamptz,
  -- Set when it changed a membership: the plan, the end it gave, and the end before (to take it back).
  applied_at timestamptz,
  plan text,
  ends_at timestamptz,
  previous_until timestamptz,
  withdrawn_at timestamptz,
  created_at timestamptz not null default public.shop_now(),
  check (kind = 'ordentlich' or btrim(coalesce(reason, '')) <> '')
);
comment on table public.contract_cancellations is
  'Kündigungen (§ 312k BGB) as received on /vertrag-kuendigen; filed through file_contract_cancellation only.';
create index contract_cancellations_created_at_idx on public.contract_cancellations (created_at desc);
create index contract_cancellations_user_id_idx on public.contract_cancellations (user_id);
create index contract_cancellations_filed_by_idx on public.contract_cancellations (filed_by);
create index contract_cancellations_matched_by_idx on public.contract_cancellations (matched_by);

alter table public.contract_cancellations enable row level security;
revoke all on public.contract_cancellations from anon, authenticated;
grant all on public.contract_cancellations to service_role;
grant select on public.contract_cancellations to authenticated;
grant update (matched_by, matched_at) on public.contract_cancellations to authenticated;

-- Nobody inserts directly: file_contract_cancellation does, so the link to a membership cannot be forged.
-- One policy per action (Supabase's linter: several permissive ones are all evaluated for every row).
create policy contract_cancellations_select on public.contract_cancellations for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));
create policy contract_cancellations_admin_update on public.contract_cancellations for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));

-- Applies a declaration to a member's membership (internal: called by the two functions below).
-- Returns whether a membership changed. No membership, or one already over: nothing to end.
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
    v_end := v_now;
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
revoke execute on function public.apply_contract_cancellation(uuid, uuid) from public, anon, authenticated;
grant execute on function public.apply_contract_cancellation(uuid, uuid) to service_role;

-- The button itself. Checks what the form checks (German messages), stores the declaration and, for a
-- signed-in member, applies it to their own membership. Answers with the receipt only; `ends_at` and
-- `plan` are set only for the caller's own membership, never for a visitor (no account oracle).
create or replace function public.file_contract_cancellation(
  p_kind text, p_reason text, p_name text, p_email text, p_contract text, p_wished_end date, p_confirmation_email text)
returns table (id uuid, created_at timestamptz, applied boolean, ends_at timestamptz, plan text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_id uuid;
  v_created timestamptz;
  v_applied boolean := false;
  v_email text := btrim(coalesce(p_email, ''));
  v_confirm text := coalesce(nullif(btrim(coalesce(p_confirmation_email, '')), ''), btrim(coalesce(p_email, '')));
begin
  if p_kind is null or p_kind not in ('ordentlich', 'ausserordentlich') then
    raise exception 'Bitte wähle die Art der Kündigung.' using errcode = '22023';
  end if;
  if p_kind = 'ausserordentlich' and btrim(coalesce(p_reason, '')) = '' then
    raise exception 'Bitte gib den Grund für die außerordentliche Kündigung an.' using errcode = '22023';
  end if;
  if char_length(coalesce(p_reason, '')) > 2000 then
    raise exception 'Der Grund ist zu lang (höchstens 2000 Zeichen).' using errcode = '22023';
  end if;
  if btrim(coalesce(p_name, '')) = '' or char_length(p_name) > 200
     or char_length(coalesce(p_contract, '')) > 100 or char_length(v_email) > 254 or char_length(v_confirm) > 254 then
    raise exception 'Bitte prüfe Name, E-Mail-Adresse und Vertrag.' using errcode = '22023';
  end if;
  if concat(p_name, p_email, p_contract, p_confirmation_email) ~ '[\r\n]' then
    raise exception 'Zeilenumbrüche sind in Name, E-Mail-Adresse und Vertrag nicht erlaubt.' using errcode = '22023';
  end if;
  if v_email !~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' or v_confirm !~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Bitte gib eine gültige E-Mail-Adresse ein.' using errcode = '22023';
  end if;
  if p_wished_end is not null and p_wished_end < (public.shop_now() at time zone 'Europe/Berlin')::date then
    raise exception 'Das gewünschte Vertragsende liegt in der Vergangenheit.' using errcode = '22023';
  end if;

  insert into public.contract_cancellations as c
    (kind, reason, name, email, contract_reference, wished_end, confirmation_email, filed_by)
  values (p_kind, nullif(btrim(coalesce(p_reason, '')), ''), btrim(p_name), v_email,
          nullif(btrim(coalesce(p_contract, '')), ''), p_wished_end, v_confirm, v_uid)
  returning c.id, c.created_at into v_id, v_created;

  if v_uid is not null then
    v_applied := public.apply_contract_cancellation(v_id, v_uid);
  end if;

  return query
  select c.id, c.created_at, v_applied, c.ends_at, c.plan
  from public.contract_cancellations c where c.id = v_id;
end
$$;
revoke execute on function public.file_contract_cancellation(text, text, text, text, text, date, text) from public;
grant execute on function public.file_contract_cancellation(text, text, text, text, text, date, text)
  to anon, authenticated, service_role;

-- Admins match an unmatched declaration to the account with this e-mail address by hand; it then
-- applies as if the member had filed it. Answers 'matched', 'no-account', 'already' or 'not-found'.
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
revoke execute on function public.match_contract_cancellation(uuid, text) from public, anon;
grant execute on function public.match_contract_cancellation(uuid, text) to authenticated, service_role;

-- The member takes their cancellation back before it takes effect: the previous end returns, the
-- mark goes. Only while the membership still carries this very cancellation (no renewal since).
create or replace function public.withdraw_contract_cancellation(p_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_now timestamptz := public.shop_now();
  v_decl public.contract_cancellations;
  v_cur public.memberships;
  v_before jsonb;
  v_after jsonb;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  perform public.lock_membership(v_uid);
  select * into v_decl from public.contract_cancellations c
   where c.id = p_id and c.user_id = v_uid and c.applied_at is not null and c.withdrawn_at is null
   for update;
  if not found then
    raise exception 'Diese Kündigung kann nicht mehr zurückgenommen werden.' using errcode = 'P0001';
  end if;
  select * into v_cur from public.memberships m where m.user_id = v_uid for update;
  if not found or v_cur.cancelled_at is distinct from v_decl.applied_at
     or v_cur.until is distinct from v_decl.ends_at or v_cur.until <= v_now then
    raise exception 'Diese Kündigung kann nicht mehr zurückgenommen werden.' using errcode = 'P0001';
  end if;
  v_before := to_jsonb(v_cur);
  update public.memberships set until = v_decl.previous_until, cancelled_at = null, updated_at = v_now
   where user_id = v_uid;
  update public.contract_cancellations c set withdrawn_at = v_now where c.id = p_id;
  select to_jsonb(m) into v_after from public.memberships m where m.user_id = v_uid;
  insert into public.admin_audit_log (table_name, row_id, action, actor_id, actor_email, before, after)
  values ('memberships', v_uid, 'update', v_uid, left(auth.jwt() ->> 'email', 254), v_before,
          v_after || jsonb_build_object(
            'action', 'cancel-withdrawn',
            'reason', 'Kündigung vom ' || to_char(v_decl.created_at at time zone 'Europe/Berlin', 'DD.MM.YYYY HH24:MI')
                      || ' zurückgenommen',
            'cancellation_id', p_id));
  return true;
end
$$;
revoke execute on function public.withdraw_contract_cancellation(uuid) from public, anon;
grant execute on function public.withdraw_contract_cancellation(uuid) to authenticated, service_role;
