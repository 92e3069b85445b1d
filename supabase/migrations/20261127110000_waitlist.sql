-- The waitlist of a sold-out event or course (issue 27).
--
-- A visitor or member leaves name, e-mail and the seats wanted. When seats free up (an order
-- cancelled by an admin, the customer or the shop's clock; a capacity raised), the first in line
-- whose seats fit is offered them: the seats are held for that person for 48 hours
-- (seat_counts.offered), and a job mails the offer with a link. Booked in time with an account of
-- that e-mail address, the held seats become the order's; unused, the offer expires and the next
-- in line is asked. Everything that decides who gets a seat happens here, in the same transaction
-- as the change that freed it, under the lock of the item's seat_counts row that every booking
-- takes too: nobody can book a freed seat past the queue.

alter table public.seat_counts
  add column offered integer not null default 0 check (offered >= 0);
comment on column public.seat_counts.offered is 'Seats held for waitlist offers that have not yet been booked or expired.';

create table public.waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null,
  item_type text not null check (item_type in ('event', 'course')),
  name text not null check (btrim(name) <> '' and char_length(name) <= 100),
  email text not null check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  seats integer not null check (seats between 1 and 10),
  -- The member who asked (their data export and account deletion include the entry).
  user_id uuid references auth.users (id) on delete cascade,
  consent_text text not null,
  status text not null default 'waiting'
    check (status in ('waiting', 'offered', 'booked', 'expired', 'left')),
  -- sha256 of the link token in the offer mail (the only mail a waitlist entry gets).
  token_hash text unique,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  created_at timestamptz not null default public.shop_now(),
  updated_at timestamptz not null default public.shop_now(),
  check (status <> 'offered' or offer_expires_at is not null)
);
comment on table public.waitlist_entries is 'People waiting for a seat of a sold-out event or course; deleted when it begins.';
create unique index waitlist_entries_one_per_address on public.waitlist_entries (item_id, lower(email))
  where status in ('waiting', 'offered');
create index waitlist_entries_queue_idx on public.waitlist_entries (item_id, created_at) where status = 'waiting';
create index waitlist_entries_user_id_idx on public.waitlist_entries (user_id);

alter table public.waitlist_entries enable row level security;
revoke all on public.waitlist_entries from anon, authenticated;
grant select, delete on public.waitlist_entries to authenticated;
grant all on public.waitlist_entries to service_role;
-- Admins see and remove entries; a member sees their own (data export). Joining, leaving and
-- booking go through the server (service role) after it has checked the form or the mailed token.
create policy waitlist_entries_select on public.waitlist_entries for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin((select auth.uid()))));
create policy waitlist_entries_admin_delete on public.waitlist_entries for delete to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- Offers the free seats of one event or course to the waitlist, first come first served (an entry
-- whose seats do not fit waits; a later, smaller one may be asked first). Each offer schedules its
-- mail ('waitlist-offer') and its end ('waitlist-expiry'), app/server/catalog/waitlist.server.ts.
create function public.offer_waitlist_seats(p_item_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_capacity integer;
  v_starts timestamptz;
  v_found boolean;
  v_free integer;
  v_entry record;
  v_now timestamptz := public.shop_now();
  v_epoch bigint;
begin
  select true, e.capacity, e.starts_at into v_found, v_capacity, v_starts from public.events e where e.id = p_item_id;
  if not coalesce(v_found, false) then
    select true, c.capacity, c.starts_at into v_found, v_capacity, v_starts from public.courses c where c.id = p_item_id;
  end if;
  if not coalesce(v_found, false) or (v_starts is not null and v_starts <= v_now) then
    return;
  end if;
  if not exists (select 1 from public.waitlist_entries w where w.item_id = p_item_id and w.status = 'waiting') then
    return;
  end if;

  insert into public.seat_counts (item_id, item_type)
    select p_item_id, w.item_type from public.waitlist_entries w where w.item_id = p_item_id limit 1
    on conflict (item_id) do nothing;
  select case when v_capacity is null then 2147483647 else v_capacity - s.booked - s.offered end
    into v_free from public.seat_counts s where s.item_id = p_item_id for update;

  for v_entry in
    select w.id, w.seats from public.waitlist_entries w
     where w.item_id = p_item_id and w.status = 'waiting'
     order by w.created_at, w.id
     for update
  loop
    exit when v_free <= 0;
    continue when v_entry.seats > v_free;
    update public.waitlist_entries
       set status = 'offered', offered_at = v_now, offer_expires_at = v_now + interval '48 hours', updated_at = v_now
     where id = v_entry.id;
    v_free := v_free - v_entry.seats;
    v_epoch := extract(epoch from v_now)::bigint;
    insert into public.jobs (kind, key, run_at, payload)
    values ('waitlist-offer', 'waitlist-offer:' || v_entry.id || ':' || v_epoch, v_now,
            jsonb_build_object('entry_id', v_entry.id)),
           ('waitlist-expiry', 'waitlist-expiry:' || v_entry.id || ':' || v_epoch, v_now + interval '48 hours',
            jsonb_build_object('entry_id', v_entry.id))
    on conflict (key) do nothing;
  end loop;
end
$$;
revoke all on function public.offer_waitlist_seats(uuid) from public, anon, authenticated;

-- seat_counts.offered follows the entries; an offer that ends without a booking of all its seats
-- (expired, left, removed, or booked with fewer seats) frees them for the next in line, and a new
-- entry is asked at once when seats are free.
create function public.waitlist_entries_follow() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item uuid := coalesce(new.item_id, old.item_id);
begin
  update public.seat_counts s
     set offered = (select coalesce(sum(w.seats), 0)::integer from public.waitlist_entries w
                     where w.item_id = v_item and w.status = 'offered')
   where s.item_id = v_item;
  if tg_op = 'INSERT' or (old.status = 'offered' and (tg_op = 'DELETE' or new.status <> 'offered')) then
    perform public.offer_waitlist_seats(v_item);
  end if;
  return null;
end
$$;
revoke all on function public.waitlist_entries_follow() from public, anon, authenticated;
create trigger waitlist_entries_follow after insert or delete or update of status on public.waitlist_entries
  for each row execute function public.waitlist_entries_follow();

-- Booking now counts the seats held for other people's offers, and a booking by the address of an
-- entry (offered or still waiting) settles it: its held seats become this order's.
drop function public.hold_seats(uuid, text, integer, boolean);
create function public.hold_seats(p_item_id uuid, p_item_type text, p_quantity integer, p_booking boolean, p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
  v_title text;
  v_capacity integer;
  v_starts timestamptz;
  v_booked integer;
  v_own integer := 0;
  v_left integer;
begin
  -- FOR SHARE: a concurrent change of the capacity (FOR UPDATE) waits for this booking, and this
  -- booking reads the capacity that change committed.
  if p_item_type = 'event' then
    select true, e.title, e.capacity, e.starts_at into v_found, v_title, v_capacity, v_starts
      from public.events e where e.id = p_item_id for share;
  else
    select true, c.title, c.capacity, c.starts_at into v_found, v_title, v_capacity, v_starts
      from public.courses c where c.id = p_item_id for share;
  end if;
  if not coalesce(v_found, false) then
    return; -- the item was deleted: the order line keeps its snapshot, there is nothing to count
  end if;
  if p_booking and v_starts is not null and v_starts <= public.shop_now() then
    raise exception '„%“ hat bereits stattgefunden und kann nicht mehr gebucht werden.', v_title
      using errcode = 'P0001';
  end if;

  insert into public.seat_counts (item_id, item_type) values (p_item_id, p_item_type)
    on conflict (item_id) do nothing;
  -- This row lock serialises the bookings and offers of the item; the own offer is read under it.
  perform 1 from public.seat_counts s where s.item_id = p_item_id for update;
  if p_email is not null then
    select coalesce(sum(w.seats), 0)::integer into v_own from public.waitlist_entries w
     where w.item_id = p_item_id and w.status = 'offered' and lower(w.email) = lower(p_email);
  end if;
  update public.seat_counts s set booked = s.booked + p_quantity
   where s.item_id = p_item_id and (v_capacity is null or s.booked + s.offered - v_own + p_quantity <= v_capacity)
   returning s.booked into v_booked;
  if v_booked is null then
    select v_capacity - s.booked - s.offered + v_own into v_left from public.seat_counts s where s.item_id = p_item_id;
    if v_left <= 0 then
      raise exception '„%“ ist ausgebucht.', v_title using errcode = 'P0001';
    elsif v_left = 1 then
      raise exception 'Für „%“ ist nur noch 1 Platz frei.', v_title using errcode = 'P0001';
    end if;
    raise exception 'Für „%“ sind nur noch % Plätze frei.', v_title, v_left using errcode = 'P0001';
  end if;
  if p_email is not null then
    update public.waitlist_entries w set status = 'booked', updated_at = public.shop_now()
     where w.item_id = p_item_id and w.status in ('waiting', 'offered') and lower(w.email) = lower(p_email);
  end if;
end
$$;
revoke all on function public.hold_seats(uuid, text, integer, boolean, text) from public, anon, authenticated;

create or replace function public.order_items_hold_seats() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
begin
  select o.customer_email into v_email from public.orders o where o.id = new.order_id and o.status <> 'cancelled';
  if found then
    perform public.hold_seats(new.item_id, new.item_type, new.quantity, true, v_email);
  end if;
  return null;
end
$$;

-- Seats given back by a cancelled or deleted order go to the waitlist first.
create or replace function public.release_seats(p_order_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line record;
begin
  for v_line in
    select i.item_id, sum(i.quantity)::integer as quantity
      from public.order_items i
     where i.order_id = p_order_id and i.item_type in ('event', 'course')
     group by i.item_id order by i.item_id
  loop
    update public.seat_counts s set booked = greatest(0, s.booked - v_line.quantity) where s.item_id = v_line.item_id;
    perform public.offer_waitlist_seats(v_line.item_id);
  end loop;
end
$$;

create or replace function public.orders_follow_seats() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line record;
begin
  if tg_op = 'DELETE' then
    if old.status <> 'cancelled' then
      perform public.release_seats(old.id);
    end if;
    return old;
  end if;
  if old.status <> 'cancelled' and new.status = 'cancelled' then
    perform public.release_seats(new.id);
  elsif old.status = 'cancelled' and new.status <> 'cancelled' then
    for v_line in
      select i.item_id, min(i.item_type) as item_type, sum(i.quantity)::integer as quantity
        from public.order_items i
       where i.order_id = new.id and i.item_type in ('event', 'course')
       group by i.item_id order by i.item_id
    loop
      perform public.hold_seats(v_line.item_id, v_line.item_type, v_line.quantity, false, new.customer_email);
    end loop;
  end if;
  return new;
end
$$;

-- An admin may not set fewer seats than are booked and held for offers.
create or replace function public.capacity_covers_bookings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booked integer;
  v_offered integer;
begin
  select s.booked, s.offered into v_booked, v_offered from public.seat_counts s where s.item_id = new.id for update;
  if new.capacity is not null and coalesce(v_booked, 0) > new.capacity then
    raise exception 'Es sind bereits % Plätze gebucht. Die Zahl der Plätze kann nicht kleiner sein.', v_booked
      using errcode = 'P0001';
  end if;
  if new.capacity is not null and coalesce(v_booked, 0) + coalesce(v_offered, 0) > new.capacity then
    raise exception 'Es sind bereits % Plätze gebucht und % für die Warteliste reserviert. Die Zahl der Plätze kann nicht kleiner sein.',
      v_booked, v_offered using errcode = 'P0001';
  end if;
  return new;
end
$$;

-- More seats (or no limit any more): the waitlist is asked.
create function public.capacity_asks_waitlist() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.offer_waitlist_seats(new.id);
  return null;
end
$$;
revoke all on function public.capacity_asks_waitlist() from public, anon, authenticated;
create trigger events_capacity_asks_waitlist after update of capacity on public.events
  for each row when (new.capacity is null or new.capacity > coalesce(old.capacity, 0))
  execute function public.capacity_asks_waitlist();
create trigger courses_capacity_asks_waitlist after update of capacity on public.courses
  for each row when (new.capacity is null or new.capacity > coalesce(old.capacity, 0))
  execute function public.capacity_asks_waitlist();

-- The DSGVO export (Art. 15/20) lists the caller's waitlist entries: their own, or their confirmed
-- address's (same function as in 20261124130200_export_membership.sql, one more key).
create or replace function public.export_my_data() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_created timestamptz;
  v_confirmed timestamptz;
  v_matched text;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  select u.email, u.created_at, u.email_confirmed_at into v_email, v_created, v_confirmed
  from auth.users u where u.id = v_uid;
  if not found then
    raise exception 'Das Konto wurde nicht gefunden.' using errcode = 'P0002';
  end if;
  -- NULL unless confirmed: then nothing is matched by e-mail.
  v_matched := case when v_confirmed is not null then lower(v_email) end;

  return jsonb_build_object(
    'exported_at', now(),
    'account', jsonb_build_object('id', v_uid, 'email', v_email, 'created_at', v_created,
      'email_confirmed_at', v_confirmed),
    'profile', (
      select to_jsonb(p) - 'id'
      from public.profiles p where p.id = v_uid),
    'orders', coalesce((
      select jsonb_agg(
        (to_jsonb(o) - 'user_id' - 'checkout_token') || jsonb_build_object('items', coalesce((
          select jsonb_agg(
            (to_jsonb(oi) - 'order_id') || jsonb_build_object('participants', coalesce((
              select jsonb_agg(to_jsonb(b) - 'order_item_id' order by b.created_at)
              from public.event_bookings b where b.order_item_id = oi.id), '[]'::jsonb))
            order by oi.item_title, oi.id)
          from public.order_items oi where oi.order_id = o.id), '[]'::jsonb))
        order by o.created_at desc)
      from public.orders o where o.user_id = v_uid), '[]'::jsonb),
    'newsletter', coalesce((
      select jsonb_agg(jsonb_build_object(
        'email', s.email, 'first_name', s.first_name, 'last_name', s.last_name, 'status', s.status,
        'consent_text', s.consent_text, 'consent_at', s.consent_at, 'confirmed_at', s.confirmed_at,
        'created_at', s.created_at))
      from public.newsletter_subscriptions s
      where lower(s.email) = v_matched), '[]'::jsonb),
    'membership', (
      select jsonb_build_object('plan', m.plan, 'since', m.since, 'until', m.until)
      from public.memberships m where m.user_id = v_uid),
    'contact_messages', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'phone', c.phone, 'message', c.message,
        'status', c.status, 'created_at', c.created_at) order by c.created_at desc)
      from public.contact_messages c
      where lower(c.email) = v_matched), '[]'::jsonb),
    'waitlist', coalesce((
      select jsonb_agg(jsonb_build_object(
        'item_id', w.item_id, 'item_type', w.item_type, 'name', w.name, 'email', w.email, 'seats', w.seats,
        'status', w.status, 'consent_text', w.consent_text, 'created_at', w.created_at,
        'offer_expires_at', w.offer_expires_at) order by w.created_at desc)
      from public.waitlist_entries w
      where w.user_id = v_uid or lower(w.email) = v_matched), '[]'::jsonb)
  );
end
$$;

revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
