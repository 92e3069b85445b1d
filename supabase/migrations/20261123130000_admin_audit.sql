-- Audit trail of admin writes, written by the database itself (issue 6, "Beyond the spec"):
-- who (auth.uid() and the e-mail claim), what (table, row, action, before/after as jsonb), when.
-- Triggers run whatever client made the change (the app, the Supabase dashboard, SQL), so the trail
-- cannot be skipped by a code path that forgets to log. Admins read it; nobody writes it directly.
--
-- Catalogue rows (events, courses, products): every insert, update and delete, whole rows.
-- Orders: only status changes (orders are created by place_order; their content never changes).
-- Also here: public.admin_list_page and two indexes, so the admin lists stay fast on large tables.

create table public.admin_audit_log (
  id uuid primary key default gen_random_uuid(),
  table_name text not null check (table_name in ('events', 'courses', 'products', 'orders')),
  row_id uuid not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  -- NULL when the change came from outside a request (migration, seed, SQL console).
  actor_id uuid,
  actor_email text check (char_length(actor_email) <= 254),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index admin_audit_log_row_idx on public.admin_audit_log (table_name, row_id, created_at desc);
create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc);

create or replace function public.audit_admin_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_id uuid := case when tg_op = 'DELETE' then old.id else new.id end;
begin
  if tg_table_name = 'orders' then
    -- Status only; an update that leaves the status as it was is no event.
    if tg_op <> 'UPDATE' or old.status is not distinct from new.status then
      return null;
    end if;
    v_before := jsonb_build_object('status', old.status);
    v_after := jsonb_build_object('status', new.status);
  elsif tg_op = 'UPDATE' and (v_before - 'updated_at') = (v_after - 'updated_at') then
    return null;
  end if;

  insert into public.admin_audit_log (table_name, row_id, action, actor_id, actor_email, before, after)
  values (tg_table_name, v_id, lower(tg_op), auth.uid(), left(auth.jwt() ->> 'email', 254), v_before, v_after);
  return null;
end
$$;

revoke execute on function public.audit_admin_write() from public, anon, authenticated;

create trigger events_audit after insert or update or delete on public.events
  for each row execute function public.audit_admin_write();
create trigger courses_audit after insert or update or delete on public.courses
  for each row execute function public.audit_admin_write();
create trigger products_audit after insert or update or delete on public.products
  for each row execute function public.audit_admin_write();
create trigger orders_status_audit after update of status on public.orders
  for each row execute function public.audit_admin_write();

alter table public.admin_audit_log enable row level security;
revoke all on public.admin_audit_log from anon, authenticated;
grant all on public.admin_audit_log to service_role;
grant select on public.admin_audit_log to authenticated;

create policy admin_audit_log_admin_select on public.admin_audit_log for select to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- The two big admin lists, newest first with a unique tie-break: a page far down the list
-- (offset 49,990 of 100,000) is read from the index alone (index-only scan, see admin_list_page).
create index orders_admin_list_idx on public.orders (created_at desc, id desc);
create index newsletter_subscriptions_admin_list_idx on public.newsletter_subscriptions (created_at desc, id desc);

-- -----------------------------------------------------------------------------------------------
-- Admin list pages: search, count and page in SQL, fast on large tables.
-- Under RLS PostgreSQL evaluates the policy before any qual that is not leakproof, and ILIKE is not
-- leakproof, so a search as the admin viewer could never use the trigram indexes (a sequential
-- scan of every row). This function checks is_admin(auth.uid()) itself, then finds the page's ids
-- as the table owner (trigram indexes for the search, the (created_at desc, id desc) indexes for
-- deep pages); the app then reads those rows by id as the admin viewer, under RLS as always.
-- Answer: {"total": n, "page": p (clamped to the last page), "ids": [...] newest first}.
-- -----------------------------------------------------------------------------------------------
create or replace function public.admin_list_page(p_list text, p_q text, p_page integer, p_page_size integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_table text;
  v_where text := 'true';
  v_pattern text;
  v_size integer := least(greatest(coalesce(p_page_size, 10), 1), 100);
  v_total integer;
  v_page integer;
  v_ids uuid[];
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'admin only' using errcode = '42501';
  end if;
  v_table := case p_list
    when 'events' then 'events'
    when 'courses' then 'courses'
    when 'products' then 'products'
    when 'newsletter' then 'newsletter_subscriptions'
    when 'contacts' then 'contact_messages'
    when 'orders' then 'orders'
    when 'profiles' then 'profiles'
  end;
  if v_table is null then
    raise exception 'unknown admin list %', p_list using errcode = '22023';
  end if;
  if btrim(coalesce(p_q, '')) <> '' then
    -- Substring search; %, _ and \ typed by the admin match literally.
    v_pattern := '%' || replace(replace(replace(left(btrim(p_q), 100), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_where := case p_list
      when 'orders' then '(customer_name ilike $1 or customer_email ilike $1)'
      when 'newsletter' then 'email ilike $1'
      when 'contacts' then 'name ilike $1'
      when 'profiles' then '(first_name ilike $1 or last_name ilike $1 or email ilike $1)'
      else 'title ilike $1'
    end;
  end if;

  execute format('select count(*)::int from public.%I where %s', v_table, v_where) into v_total using v_pattern;
  v_page := least(greatest(coalesce(p_page, 1), 1), greatest(1, ceil(v_total::numeric / v_size)::integer));
  execute format(
    'select coalesce(array_agg(id order by created_at desc, id desc), ''{}'') from ('
    || 'select id, created_at from public.%I where %s order by created_at desc, id desc limit %s offset %s) page',
    v_table, v_where, v_size, (v_page - 1) * v_size)
    into v_ids using v_pattern;
  return jsonb_build_object('total', v_total, 'page', v_page, 'ids', to_jsonb(v_ids));
end
$$;

revoke execute on function public.admin_list_page(text, text, integer, integer) from public, anon;
grant execute on function public.admin_list_page(text, text, integer, integer) to authenticated, service_role;
