-- Memberships that count (issue 16): the community price is the member's price.
--
-- membership_plans  the facts about each plan: its rank (Free < Yearly < Lifetime), how long it runs
--                   and whether it grants community prices. The plan cards (app/lib/plans.ts) and the
--                   prices (place_order) read the same column, so they cannot disagree.
-- products.membership_plan   which plan a membership product sells (derived from its title).
-- memberships       at most one per member: plan, since, until (NULL = open-ended). Members read
--                   their own, admins all; only the functions below write it.
-- place_order       decides every unit price from the membership state inside its transaction (a
--                   per-member advisory lock serialises it with activations and admin changes), and
--                   completes a 0,00 € order at once.
-- Completing an order (admin sets status 'completed', or place_order for 0,00 €) starts the
-- membership it contains; admin_set_membership grants, extends or ends one by hand, with a reason
-- in the audit trail.

create table public.membership_plans (
  plan text primary key check (plan ~ '^[a-z][a-z0-9_]{0,29}$'),
  name text not null unique check (btrim(name) <> '' and char_length(name) <= 50),
  rank integer not null unique,
  grants_community_price boolean not null,
  -- NULL: open-ended. A plan with a term can be extended by buying it again.
  term_months integer check (term_months between 1 and 120)
);

insert into public.membership_plans (plan, name, rank, grants_community_price, term_months) values
  ('free', 'Free', 1, false, null),
  ('yearly', 'Yearly', 2, true, 12),
  ('lifetime', 'Lifetime', 3, true, null);

alter table public.products add column membership_plan text references public.membership_plans (plan);
create index products_membership_plan_idx on public.products (membership_plan) where membership_plan is not null;

-- The plan of a membership product follows its title, as the plan cards always did (app/lib/plans.ts
-- toPlan); products of other categories sell no plan.
create or replace function public.derive_membership_plan() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.category = 'membership' then
    new.membership_plan := coalesce(
      case
        when new.title ilike '%lifetime%' then 'lifetime'
        when new.title ilike '%yearly%' then 'yearly'
        when new.title ilike '%free%' then 'free'
      end,
      case when tg_op = 'UPDATE' then old.membership_plan end,
      new.membership_plan);
  else
    new.membership_plan := null;
  end if;
  return new;
end
$$;
revoke execute on function public.derive_membership_plan() from public, anon, authenticated;

create trigger products_membership_plan before insert or update of category, title, membership_plan on public.products
  for each row execute function public.derive_membership_plan();

update public.products set membership_plan = null where category = 'membership';

-- Which plan an order line sold (the product may be renamed or deleted before the order is paid).
alter table public.order_items add column membership_plan text references public.membership_plans (plan);

-- Set once the order's membership has been applied, so completing an order twice (completed →
-- pending → completed) never extends a membership twice.
alter table public.orders add column membership_applied_at timestamptz;

create table public.memberships (
  user_id uuid primary key references auth.users (id) on delete cascade,
  plan text not null references public.membership_plans (plan),
  since timestamptz not null default now(),
  until timestamptz check (until is null or until >= since),
  -- The order that last started or extended it (NULL: granted by hand).
  order_id uuid references public.orders (id) on delete set null,
  updated_at timestamptz not null default now()
);

alter table public.membership_plans enable row level security;
alter table public.memberships enable row level security;
revoke all on public.membership_plans, public.memberships from anon, authenticated;
grant all on public.membership_plans, public.memberships to service_role;
grant select on public.membership_plans to anon, authenticated;
grant select on public.memberships to authenticated;

create policy membership_plans_read on public.membership_plans for select to anon, authenticated using (true);
create policy memberships_read on public.memberships for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));

-- Admin changes by hand are audited with their reason.
alter table public.admin_audit_log drop constraint admin_audit_log_table_name_check;
alter table public.admin_audit_log add constraint admin_audit_log_table_name_check
  check (table_name in ('events', 'courses', 'products', 'orders', 'memberships'));

-- -----------------------------------------------------------------------------------------------
-- The per-member lock: place_order, activations and admin changes of one member run one at a time.
-- -----------------------------------------------------------------------------------------------
create or replace function public.lock_membership(p_user_id uuid) returns void
language sql
volatile
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('public.memberships:' || p_user_id::text, 0))
$$;
revoke execute on function public.lock_membership(uuid) from public, anon, authenticated;

-- -----------------------------------------------------------------------------------------------
-- apply_membership_purchase: what buying p_plan does to p_user_id's membership.
--   none or expired → starts now; active lower plan → replaced (Lifetime replaces Yearly);
--   same plan with a term (Yearly) → extended by the term from its current end;
--   same open-ended plan or a lower one → nothing (place_order refuses those before charging).
-- Returns 'started', 'replaced', 'extended' or 'kept'.
-- -----------------------------------------------------------------------------------------------
create or replace function public.apply_membership_purchase(p_user_id uuid, p_plan text, p_order_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_new public.membership_plans;
  v_cur public.memberships;
  v_cur_rank integer;
  v_now timestamptz := now();
begin
  perform public.lock_membership(p_user_id);
  select * into v_new from public.membership_plans where plan = p_plan;
  if not found then
    raise exception 'unknown plan %', p_plan using errcode = '22023';
  end if;
  select * into v_cur from public.memberships where user_id = p_user_id for update;
  if not found then
    insert into public.memberships (user_id, plan, since, until, order_id)
    values (p_user_id, v_new.plan, v_now, v_now + v_new.term_months * interval '1 month', p_order_id);
    return 'started';
  end if;
  if v_cur.until is not null and v_cur.until <= v_now then
    update public.memberships
       set plan = v_new.plan, since = v_now, until = v_now + v_new.term_months * interval '1 month', order_id = p_order_id, updated_at = v_now
     where user_id = p_user_id;
    return 'started';
  end if;
  select rank into v_cur_rank from public.membership_plans where plan = v_cur.plan;
  if v_new.rank < v_cur_rank or (v_new.plan = v_cur.plan and v_new.term_months is null) then
    return 'kept';
  end if;
  if v_new.plan = v_cur.plan then
    update public.memberships
       set until = v_cur.until + v_new.term_months * interval '1 month', order_id = p_order_id, updated_at = v_now
     where user_id = p_user_id;
    return 'extended';
  end if;
  update public.memberships
     set plan = v_new.plan, since = v_now, until = v_now + v_new.term_months * interval '1 month', order_id = p_order_id, updated_at = v_now
   where user_id = p_user_id;
  return 'replaced';
end
$$;
revoke execute on function public.apply_membership_purchase(uuid, text, uuid) from public, anon, authenticated;

-- Starts the membership an order contains, once per order, when the order is completed.
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
  perform public.apply_membership_purchase(v_user, v_plan, p_order_id);
  update public.orders set membership_applied_at = now() where id = p_order_id;
end
$$;
revoke execute on function public.activate_order_membership(uuid) from public, anon, authenticated;

create or replace function public.activate_membership_on_completion() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'completed' and old.status is distinct from 'completed' then
    perform public.activate_order_membership(new.id);
  end if;
  return null;
end
$$;
revoke execute on function public.activate_membership_on_completion() from public, anon, authenticated;

create trigger orders_membership_activation after update of status on public.orders
  for each row execute function public.activate_membership_on_completion();

-- -----------------------------------------------------------------------------------------------
-- my_membership: what the shop shows the signed-in member (header, dashboard, /join, prices).
-- NULL for a visitor. `pending_plan`: a membership ordered but not yet paid.
-- -----------------------------------------------------------------------------------------------
create or replace function public.my_membership() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when auth.uid() is null then null else jsonb_build_object(
    'plan', m.plan,
    'name', p.name,
    'rank', p.rank,
    'since', m.since,
    'until', m.until,
    'active', m.plan is not null and (m.until is null or m.until > now()),
    'grants_community_price', coalesce(p.grants_community_price and (m.until is null or m.until > now()), false),
    'pending_plan', (
      select pp.name from public.orders o
      join public.order_items oi on oi.order_id = o.id and oi.membership_plan is not null
      join public.membership_plans pp on pp.plan = oi.membership_plan
      where o.user_id = auth.uid() and o.status = 'pending'
      order by o.created_at desc limit 1))
  end
  from (select 1) one
  left join public.memberships m on m.user_id = auth.uid()
  left join public.membership_plans p on p.plan = m.plan
$$;
revoke execute on function public.my_membership() from public;
-- A visitor may ask too (the answer is NULL), so pages need not know who is signed in to call it.
grant execute on function public.my_membership() to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------
-- admin_set_membership: grant (p_plan), extend (a plan with a term, by one term) or end a member's
-- membership by hand. The reason goes into the audit trail with the before and after rows.
-- -----------------------------------------------------------------------------------------------
create or replace function public.admin_set_membership(p_user_id uuid, p_action text, p_plan text, p_reason text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cur public.memberships;
  v_found boolean;
  v_plan public.membership_plans;
  v_before jsonb;
  v_after jsonb;
  v_now timestamptz := now();
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'admin only' using errcode = '42501';
  end if;
  if btrim(coalesce(p_reason, '')) = '' or char_length(p_reason) > 500 then
    raise exception 'Bitte gib einen Grund an (höchstens 500 Zeichen).' using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'Das Konto wurde nicht gefunden.' using errcode = 'P0002';
  end if;
  perform public.lock_membership(p_user_id);
  select * into v_cur from public.memberships where user_id = p_user_id for update;
  v_found := found;
  v_before := case when v_found then to_jsonb(v_cur) end;

  if p_action = 'grant' then
    select * into v_plan from public.membership_plans where plan = p_plan;
    if not found then
      raise exception 'Bitte wähle einen Plan.' using errcode = '22023';
    end if;
    insert into public.memberships (user_id, plan, since, until, order_id, updated_at)
    values (p_user_id, v_plan.plan, v_now, v_now + v_plan.term_months * interval '1 month', null, v_now)
    on conflict (user_id) do update
      set plan = excluded.plan, since = excluded.since, until = excluded.until, order_id = null, updated_at = v_now;
  elsif p_action = 'extend' then
    select p.* into v_plan from public.membership_plans p where p.plan = v_cur.plan;
    if not v_found or v_plan.term_months is null then
      raise exception 'Nur eine Jahresmitgliedschaft kann verlängert werden.' using errcode = 'P0001';
    end if;
    update public.memberships
       set until = greatest(v_cur.until, v_now) + v_plan.term_months * interval '1 month',
           since = case when v_cur.until <= v_now then v_now else v_cur.since end,
           updated_at = v_now
     where user_id = p_user_id;
  elsif p_action = 'end' then
    if not v_found or (v_cur.until is not null and v_cur.until <= v_now) then
      raise exception 'Es gibt keine aktive Mitgliedschaft.' using errcode = 'P0001';
    end if;
    update public.memberships set until = greatest(v_now, since), updated_at = v_now where user_id = p_user_id;
  else
    raise exception 'unknown action %', p_action using errcode = '22023';
  end if;

  select to_jsonb(m) into v_after from public.memberships m where m.user_id = p_user_id;
  insert into public.admin_audit_log (table_name, row_id, action, actor_id, actor_email, before, after)
  values ('memberships', p_user_id, case when v_found then 'update' else 'insert' end, auth.uid(),
          left(auth.jwt() ->> 'email', 254), v_before,
          v_after || jsonb_build_object('action', p_action, 'reason', btrim(p_reason)));
end
$$;
revoke execute on function public.admin_set_membership(uuid, text, text, text) from public, anon;
grant execute on function public.admin_set_membership(uuid, text, text, text) to authenticated, service_role;
