-- Events and courses that can sell out (issue 27): a number of seats, real start and end times.
--
-- Seats are held by the order that books them, in the same transaction: a trigger on order_items
-- counts them into public.seat_counts with one conditional UPDATE of the item's counter row. The
-- row lock of that UPDATE serialises every booking of the same event, and its WHERE re-checks the
-- count after the wait, so 50 parallel checkouts for the last 5 seats give exactly 5 orders (ASVS
-- 2.3.4). A pending (unpaid) order holds its seats; cancelling it gives them back, and so does
-- deleting a live order. The free-text `date` and `time` of the spec stay what the pages show;
-- `starts_at` decides "Vergangen" and is what calendars and reminders use.

alter table public.events
  add column capacity integer check (capacity between 1 and 100000),
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  add column calendar_sequence integer not null default 0,
  add constraint events_ends_after_start check (ends_at is null or (starts_at is not null and ends_at > starts_at));
alter table public.courses
  add column capacity integer check (capacity between 1 and 100000),
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  add column calendar_sequence integer not null default 0,
  add constraint courses_ends_after_start check (ends_at is null or (starts_at is not null and ends_at > starts_at));

comment on column public.events.capacity is 'Seats; null = unlimited.';
comment on column public.events.starts_at is 'Real start (the pages show the free-text date and time).';
comment on column public.events.calendar_sequence is 'SEQUENCE of the .ics: raised when time or place change.';

-- A calendar entry is updated, not duplicated, when its SEQUENCE grows (RFC 5545 §3.8.7.4).
create function public.raise_calendar_sequence() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.starts_at, new.ends_at, new.location) is distinct from (old.starts_at, old.ends_at, old.location) then
    new.calendar_sequence := old.calendar_sequence + 1;
  end if;
  return new;
end
$$;
revoke all on function public.raise_calendar_sequence() from public, anon, authenticated;
create trigger events_raise_calendar_sequence before update on public.events
  for each row execute function public.raise_calendar_sequence();
create trigger courses_raise_calendar_sequence before update on public.courses
  for each row execute function public.raise_calendar_sequence();

-- Booked seats per event or course. Public numbers ("Noch 3 Plätze"); only the triggers write them.
create table public.seat_counts (
  item_id uuid primary key,
  item_type text not null check (item_type in ('event', 'course')),
  booked integer not null default 0 check (booked >= 0)
);
comment on table public.seat_counts is 'Seats held by pending and completed orders, per event or course.';
alter table public.seat_counts enable row level security;
revoke all on public.seat_counts from anon, authenticated;
grant select on public.seat_counts to anon, authenticated;
grant all on public.seat_counts to service_role;
create policy seat_counts_read on public.seat_counts for select to anon, authenticated using (true);

create index order_items_item_id_idx on public.order_items (item_id);

-- Seats left change what the public pages show: the catalogue caches follow the counter.
create trigger seat_counts_catalog_version after insert or update or delete or truncate on public.seat_counts
  for each statement execute function public.bump_catalog_version();

-- Holds `p_quantity` seats of one event or course, or refuses with a German message that says how
-- many are left. p_booking: a new booking (an event that has begun cannot be booked); false when a
-- cancelled order is reopened (bookkeeping, only the seats count).
create function public.hold_seats(p_item_id uuid, p_item_type text, p_quantity integer, p_booking boolean)
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
  update public.seat_counts s set booked = s.booked + p_quantity
   where s.item_id = p_item_id and (v_capacity is null or s.booked + p_quantity <= v_capacity)
   returning s.booked into v_booked;
  if v_booked is null then
    select s.booked into v_booked from public.seat_counts s where s.item_id = p_item_id;
    if v_capacity - v_booked <= 0 then
      raise exception '„%“ ist ausgebucht.', v_title using errcode = 'P0001';
    elsif v_capacity - v_booked = 1 then
      raise exception 'Für „%“ ist nur noch 1 Platz frei.', v_title using errcode = 'P0001';
    end if;
    raise exception 'Für „%“ sind nur noch % Plätze frei.', v_title, v_capacity - v_booked using errcode = 'P0001';
  end if;
end
$$;
revoke all on function public.hold_seats(uuid, text, integer, boolean) from public, anon, authenticated;

create function public.release_seats(p_order_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.seat_counts s set booked = greatest(0, s.booked - l.quantity)
    from (select i.item_id, sum(i.quantity)::integer as quantity
            from public.order_items i
           where i.order_id = p_order_id and i.item_type in ('event', 'course')
           group by i.item_id) l
   where s.item_id = l.item_id;
$$;
revoke all on function public.release_seats(uuid) from public, anon, authenticated;

-- A new order line of an event or course holds its seats (place_order inserts the lines).
create function public.order_items_hold_seats() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.orders o where o.id = new.order_id and o.status <> 'cancelled') then
    perform public.hold_seats(new.item_id, new.item_type, new.quantity, true);
  end if;
  return null;
end
$$;
revoke all on function public.order_items_hold_seats() from public, anon, authenticated;
create trigger order_items_hold_seats after insert on public.order_items
  for each row when (new.item_type in ('event', 'course'))
  execute function public.order_items_hold_seats();

-- Cancelling an order gives its seats back; reopening a cancelled one takes them again (or is
-- refused when they are gone); deleting a live order gives them back.
create function public.orders_follow_seats() returns trigger
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
      perform public.hold_seats(v_line.item_id, v_line.item_type, v_line.quantity, false);
    end loop;
  end if;
  return new;
end
$$;
revoke all on function public.orders_follow_seats() from public, anon, authenticated;
create trigger orders_follow_seats after update of status on public.orders
  for each row when (old.status is distinct from new.status)
  execute function public.orders_follow_seats();
create trigger orders_release_seats before delete on public.orders
  for each row execute function public.orders_follow_seats();

-- An admin may not set fewer seats than are booked.
create function public.capacity_covers_bookings() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booked integer;
begin
  select s.booked into v_booked from public.seat_counts s where s.item_id = new.id for update;
  if new.capacity is not null and coalesce(v_booked, 0) > new.capacity then
    raise exception 'Es sind bereits % Plätze gebucht. Die Zahl der Plätze kann nicht kleiner sein.', v_booked
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
revoke all on function public.capacity_covers_bookings() from public, anon, authenticated;
create trigger events_capacity_covers_bookings before update of capacity on public.events
  for each row when (new.capacity is distinct from old.capacity)
  execute function public.capacity_covers_bookings();
create trigger courses_capacity_covers_bookings before update of capacity on public.courses
  for each row when (new.capacity is distinct from old.capacity)
  execute function public.capacity_covers_bookings();

-- Two jobs per start of an event or course, on the shop's clock:
-- * at the start the public pages must say "Vergangen": 'catalogue-clock' bumps the catalogue
--   version (app/server/catalog/catalogue-clock.server.ts), so cached pages are rendered anew;
-- * two days before, 'event-reminder' mails every buyer and participant once
--   (app/server/catalog/event-reminders.server.ts).
-- A moved start schedules new jobs (the key holds the start); the old reminder sees the new start
-- and does nothing.
create function public.schedule_catalogue_clock() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_epoch bigint;
begin
  if new.starts_at is not null then
    v_epoch := extract(epoch from new.starts_at)::bigint;
    insert into public.jobs (kind, key, run_at)
    values ('catalogue-clock', 'catalogue-clock:' || new.id || ':' || v_epoch, new.starts_at)
    on conflict (key) do nothing;
    if new.starts_at > public.shop_now() then
      insert into public.jobs (kind, key, run_at, payload)
      values ('event-reminder', 'event-reminder:' || new.id || ':' || v_epoch,
              greatest(new.starts_at - interval '2 days', public.shop_now()),
              jsonb_build_object('item_id', new.id,
                                 'item_type', case when tg_table_name = 'courses' then 'course' else 'event' end,
                                 'starts', v_epoch))
      on conflict (key) do nothing;
    end if;
  end if;
  return null;
end
$$;
revoke all on function public.schedule_catalogue_clock() from public, anon, authenticated;
create trigger events_schedule_catalogue_clock after insert or update of starts_at on public.events
  for each row execute function public.schedule_catalogue_clock();
create trigger courses_schedule_catalogue_clock after insert or update of starts_at on public.courses
  for each row execute function public.schedule_catalogue_clock();

-- The test clock (POST /__e2e/clock) moves "Vergangen" too: setting it retires the cached catalogue.
create trigger shop_clock_catalog_version after insert or update or delete or truncate on public.shop_clock
  for each statement execute function public.bump_catalog_version();
