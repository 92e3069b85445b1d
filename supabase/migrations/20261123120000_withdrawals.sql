-- Widerrufsbutton (§ 356a BGB): a withdrawal filed without signing in, stored with date and time,
-- linked to the order when the order number and e-mail match, visible to admins on the order.

create table public.withdrawals (
  id uuid primary key default gen_random_uuid(),
  order_id uuid references public.orders (id) on delete set null,
  order_reference text not null check (btrim(order_reference) <> '' and char_length(order_reference) <= 40),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  email text not null check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  note text check (char_length(note) <= 2000),
  created_at timestamptz not null default now()
);
create index withdrawals_order_id_idx on public.withdrawals (order_id);
create index withdrawals_created_at_idx on public.withdrawals (created_at desc);
-- The order number customers quote is the first 8 characters of the order id.
create index orders_number_idx on public.orders (upper(left(id::text, 8)));

alter table public.withdrawals enable row level security;
revoke all on public.withdrawals from anon, authenticated;
grant all on public.withdrawals to service_role;
grant select on public.withdrawals to authenticated;

-- Nobody inserts directly: file_withdrawal does, so the order link cannot be forged.
create policy withdrawals_admin_select on public.withdrawals for select to authenticated
  using ((select public.is_admin(auth.uid())));
create policy withdrawals_owner_select on public.withdrawals for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())));

-- Links the order only when the first 8 characters of its id (the order number in every mail)
-- and the customer e-mail both match; otherwise the withdrawal is kept unlinked for review.
create or replace function public.file_withdrawal(p_name text, p_email text, p_order_reference text, p_note text)
returns table (id uuid, linked boolean, created_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_reference text := upper(btrim(coalesce(p_order_reference, '')));
  v_order uuid;
begin
  if char_length(v_reference) >= 8 then
    select o.id into v_order
    from public.orders o
    where upper(left(o.id::text, 8)) = left(v_reference, 8)
      and lower(o.customer_email) = lower(btrim(coalesce(p_email, '')))
    order by o.created_at desc
    limit 1;
  end if;

  return query
  insert into public.withdrawals as w (order_id, order_reference, name, email, note)
  values (v_order, v_reference, btrim(p_name), btrim(p_email), nullif(btrim(coalesce(p_note, '')), ''))
  returning w.id, w.order_id is not null, w.created_at;
end
$$;

revoke execute on function public.file_withdrawal(text, text, text, text) from public;
grant execute on function public.file_withdrawal(text, text, text, text) to anon, authenticated, service_role;
