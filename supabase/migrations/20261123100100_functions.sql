-- Business functions. All are SECURITY DEFINER with an empty search_path (so a caller cannot
-- shadow a table or operator), use fully qualified names, and check auth.uid() themselves.
-- Who may EXECUTE them is decided in 20261123100200_security.sql.

-- -----------------------------------------------------------------------------------------------
-- is_admin: used by the admin guard (spec: RPC is_admin(user_id)) and by every admin policy.
-- SECURITY DEFINER so it can read user_roles without the caller having rights on it.
-- -----------------------------------------------------------------------------------------------
create or replace function public.is_admin(p_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_user_id is not null and exists (
    select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin'
  )
$$;

-- -----------------------------------------------------------------------------------------------
-- Profile on sign-up (Supabase Auth and the local provider both insert into auth.users).
-- Never fails the sign-up: over-long names are cut, an e-mail the profile check would reject is
-- left NULL.
-- -----------------------------------------------------------------------------------------------
create or replace function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, first_name, last_name, email)
  values (
    new.id,
    left(coalesce(new.raw_user_meta_data ->> 'first_name', ''), 100),
    left(coalesce(new.raw_user_meta_data ->> 'last_name', ''), 100),
    case
      when char_length(new.email) <= 254 and new.email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' then new.email
    end
  )
  on conflict (id) do nothing;
  return new;
end
$$;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- -----------------------------------------------------------------------------------------------
-- place_order: the only way an order is written.
--   p_checkout_token  one per checkout form render; the same token returns the same order
--   p_customer        {salutation, first_name, last_name, email, phone, mobile,
--                      street, zipcode, city, country, notes}
--   p_lines           [{item_id, item_type: 'product'|'course'|'event', quantity}], 1..20 lines
-- Titles and unit prices come from the catalogue (community price when > 0, else regular price);
-- a product of category 'membership' is stored as item_type 'membership'. Everything runs in the
-- caller's transaction: any error leaves nothing behind.
-- -----------------------------------------------------------------------------------------------
create or replace function public.place_order(p_checkout_token uuid, p_customer jsonb, p_lines jsonb)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_order_id uuid;
  v_owner uuid;
  v_line jsonb;
  v_item_id uuid;
  v_item_type text;
  v_quantity integer;
  v_found boolean;
  v_title text;
  v_category text;
  v_price numeric(10, 2);
  v_community numeric(10, 2);
  v_available boolean;
  v_ids uuid[] := '{}';
  v_types text[] := '{}';
  v_titles text[] := '{}';
  v_quantities integer[] := '{}';
  v_prices numeric[] := '{}';
  v_total numeric := 0;
  v_first text;
  v_last text;
  v_email text;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  if p_checkout_token is null then
    raise exception 'Die Bestellung ist ungültig. Bitte lade die Seite neu.' using errcode = '22023';
  end if;

  -- Idempotency: a retried or double-submitted checkout returns the order it already created.
  select o.id, o.user_id into v_order_id, v_owner
  from public.orders o where o.checkout_token = p_checkout_token;
  if v_order_id is not null then
    if v_owner is distinct from v_uid then
      raise exception 'Die Bestellung ist ungültig. Bitte lade die Seite neu.' using errcode = '42501';
    end if;
    return v_order_id;
  end if;

  -- Customer: required fields present (the table checks bound their length and e-mail shape).
  if p_customer is null or jsonb_typeof(p_customer) <> 'object' then
    raise exception 'Bitte fülle alle Pflichtfelder aus.' using errcode = '22023';
  end if;
  v_first := btrim(coalesce(p_customer ->> 'first_name', ''));
  v_last := btrim(coalesce(p_customer ->> 'last_name', ''));
  v_email := btrim(coalesce(p_customer ->> 'email', ''));
  if v_first = '' or v_last = '' or v_email = ''
     or btrim(coalesce(p_customer ->> 'street', '')) = ''
     or btrim(coalesce(p_customer ->> 'zipcode', '')) = ''
     or btrim(coalesce(p_customer ->> 'city', '')) = ''
     or btrim(coalesce(p_customer ->> 'country', '')) = '' then
    raise exception 'Bitte fülle alle Pflichtfelder aus.' using errcode = '22023';
  end if;

  -- Lines: validated and priced before anything is written.
  if p_lines is null or jsonb_typeof(p_lines) <> 'array'
     or jsonb_array_length(p_lines) not between 1 and 20 then
    raise exception 'Der Warenkorb muss zwischen 1 und 20 Positionen enthalten.' using errcode = '22023';
  end if;

  for v_line in select l.value from jsonb_array_elements(p_lines) as l loop
    -- Shape checks by pattern instead of casts in an exception block (no subtransaction per line).
    if jsonb_typeof(v_line) <> 'object'
       or coalesce(v_line ->> 'item_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       or coalesce(v_line ->> 'item_type', '') not in ('product', 'course', 'event') then
      raise exception 'Ein Artikel in deinem Warenkorb ist ungültig.' using errcode = '22023';
    end if;
    if coalesce(v_line ->> 'quantity', '') !~ '^[0-9]{1,3}$'
       or (v_line ->> 'quantity')::integer not between 1 and 99 then
      raise exception 'Die Menge muss zwischen 1 und 99 liegen.' using errcode = '22023';
    end if;
    v_item_id := (v_line ->> 'item_id')::uuid;
    v_item_type := v_line ->> 'item_type';
    v_quantity := (v_line ->> 'quantity')::integer;

    v_found := false;
    if v_item_type = 'product' then
      select true, p.title, p.category, p.price, p.behappy_price, p.availability
        into v_found, v_title, v_category, v_price, v_community, v_available
      from public.products p where p.id = v_item_id;
    elsif v_item_type = 'course' then
      select true, c.title, null, c.price, c."behappy-price", true
        into v_found, v_title, v_category, v_price, v_community, v_available
      from public.courses c where c.id = v_item_id;
    else
      select true, e.title, null, e.price, e."behappy-price", true
        into v_found, v_title, v_category, v_price, v_community, v_available
      from public.events e where e.id = v_item_id;
    end if;

    if not coalesce(v_found, false) then
      raise exception 'Ein Artikel in deinem Warenkorb ist nicht mehr verfügbar.' using errcode = 'P0001';
    end if;
    if not v_available then
      raise exception '„%“ ist ausverkauft.', v_title using errcode = 'P0001';
    end if;

    v_ids := v_ids || v_item_id;
    v_types := v_types || case
      when v_item_type = 'product' and v_category = 'membership' then 'membership'
      else v_item_type
    end;
    v_titles := v_titles || v_title;
    v_quantities := v_quantities || v_quantity;
    -- Members pay the community price when one is set (> 0); 0 means "not set" (spec: cart rule).
    v_prices := v_prices || (case when v_community > 0 then v_community else v_price end)::numeric;
    v_total := v_total + (case when v_community > 0 then v_community else v_price end) * v_quantity;
  end loop;

  -- ON CONFLICT waits for a concurrent call with the same token; if that one committed, ours
  -- inserts nothing and we return its order (the unique constraint is the arbiter, no 23505 leaks).
  insert into public.orders (
    customer_name, customer_email, customer_phone, total_amount, status, user_id,
    salutation, street, zipcode, city, country, notes, checkout_token)
  values (
    v_first || ' ' || v_last,
    v_email,
    coalesce(nullif(btrim(p_customer ->> 'phone'), ''), nullif(btrim(p_customer ->> 'mobile'), '')),
    v_total,
    'pending',
    v_uid,
    nullif(btrim(p_customer ->> 'salutation'), ''),
    btrim(p_customer ->> 'street'),
    btrim(p_customer ->> 'zipcode'),
    btrim(p_customer ->> 'city'),
    btrim(p_customer ->> 'country'),
    nullif(btrim(p_customer ->> 'notes'), ''),
    p_checkout_token)
  on conflict (checkout_token) do nothing
  returning id into v_order_id;

  if v_order_id is null then
    select o.id, o.user_id into v_order_id, v_owner
    from public.orders o where o.checkout_token = p_checkout_token;
    if v_owner is distinct from v_uid then
      raise exception 'Die Bestellung ist ungültig. Bitte lade die Seite neu.' using errcode = '42501';
    end if;
    return v_order_id;
  end if;

  insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price)
  select v_order_id, l.item_id, l.item_type, l.item_title, l.quantity, l.price
  from unnest(v_ids, v_types, v_titles, v_quantities, v_prices)
    as l (item_id, item_type, item_title, quantity, price);

  return v_order_id;
end
$$;

-- -----------------------------------------------------------------------------------------------
-- register_participant: at most `quantity` bookings per event order line, for its owner only.
-- -----------------------------------------------------------------------------------------------
create or replace function public.register_participant(
  p_order_item_id uuid,
  p_first_name text,
  p_last_name text,
  p_email text,
  p_phone text,
  p_notes text
) returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_item_id uuid;
  v_item_type text;
  v_quantity integer;
  v_status text;
  v_count integer;
  v_booking_id uuid;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;

  -- The row lock serialises concurrent registrations for the same line, so the count below stays
  -- true until this transaction ends (no over-booking under load).
  select oi.item_id, oi.item_type, oi.quantity, o.status
    into v_item_id, v_item_type, v_quantity, v_status
  from public.order_items oi
  join public.orders o on o.id = oi.order_id
  where oi.id = p_order_item_id and o.user_id = v_uid
  for update of oi;

  if not found then
    -- Same answer for "does not exist" and "not yours": nothing to learn about other orders.
    raise exception 'Die Bestellposition wurde nicht gefunden.' using errcode = 'P0002';
  end if;
  if v_item_type <> 'event' then
    raise exception 'Für diese Bestellposition ist keine Teilnehmeranmeldung möglich.' using errcode = '22023';
  end if;
  if v_status = 'cancelled' then
    raise exception 'Diese Bestellung wurde storniert.' using errcode = 'P0001';
  end if;

  select count(*) into v_count from public.event_bookings b where b.order_item_id = p_order_item_id;
  if v_count >= v_quantity then
    -- Exact text from the spec (the dashboard shows it).
    raise exception 'Maximum number of registrations reached for this order' using errcode = 'P0001';
  end if;

  insert into public.event_bookings (event_id, first_name, last_name, email, phone, notes, order_item_id)
  values (
    -- NULL if the event has since been deleted (the booking still belongs to the paid line).
    (select e.id from public.events e where e.id = v_item_id),
    btrim(p_first_name),
    btrim(p_last_name),
    btrim(p_email),
    nullif(btrim(p_phone), ''),
    nullif(btrim(p_notes), ''),
    p_order_item_id)
  returning id into v_booking_id;

  return v_booking_id;
end
$$;

-- -----------------------------------------------------------------------------------------------
-- Newsletter double opt-in. The mailed links carry random tokens; the app hashes them (sha-256 hex)
-- and passes the hash. Idempotent: a second click on the same link still answers true.
-- -----------------------------------------------------------------------------------------------
create or replace function public.confirm_newsletter(p_token_hash text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_token_hash is null or p_token_hash = '' then
    return false;
  end if;
  -- An unsubscribed address is not re-subscribed by an old confirmation link.
  update public.newsletter_subscriptions s
     set status = 'subscribed', confirmed_at = coalesce(s.confirmed_at, now())
   where s.confirm_token_hash = p_token_hash and s.status in ('pending', 'subscribed');
  return found;
end
$$;

create or replace function public.unsubscribe_newsletter(p_token_hash text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_token_hash is null or p_token_hash = '' then
    return false;
  end if;
  update public.newsletter_subscriptions s
     set status = 'unsubscribed'
   where s.unsubscribe_token_hash = p_token_hash;
  return found;
end
$$;

-- -----------------------------------------------------------------------------------------------
-- rate_limit_hit: fixed-window counter shared by all app instances.
-- One atomic upsert per hit; the key's older windows are deleted on the way (primary-key range),
-- and about 1 call in 100 sweeps windows older than a day (the longest allowed window).
-- -----------------------------------------------------------------------------------------------
create or replace function public.rate_limit_hit(p_key text, p_window_seconds integer, p_max integer)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_now timestamptz := clock_timestamp();
  v_window timestamptz;
  v_hits integer;
begin
  if p_key is null or p_window_seconds is null or p_window_seconds not between 1 and 86400
     or p_max is null or p_max < 1 then
    raise exception 'rate_limit_hit: invalid arguments' using errcode = '22023';
  end if;

  v_window := to_timestamp(
    (floor(extract(epoch from v_now) / p_window_seconds) * p_window_seconds)::double precision);

  insert into public.rate_limits as r (key, window_start, hits)
  values (p_key, v_window, 1)
  on conflict (key, window_start) do update set hits = least(r.hits, 2000000000) + 1
  returning r.hits into v_hits;

  delete from public.rate_limits r where r.key = p_key and r.window_start < v_window;
  if random() < 0.01 then
    delete from public.rate_limits r where r.window_start < v_now - interval '1 day';
  end if;

  allowed := v_hits <= p_max;
  retry_after_seconds := case
    when v_hits <= p_max then 0
    else greatest(1, ceil(extract(epoch from (v_window + make_interval(secs => p_window_seconds) - v_now)))::integer)
  end;
  return next;
end
$$;
