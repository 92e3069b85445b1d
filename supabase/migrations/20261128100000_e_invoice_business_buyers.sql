-- E-invoices for business customers (issue 28): an optional company and EU VAT id, typed at checkout
-- or kept in the profile, stored on the order (the invoice names them; § 14 Abs. 4 Nr. 1 UStG) and
-- written by place_order from p_customer. The shape of the VAT id is checked in the app (German
-- message next to the field); the CHECK here only keeps a bypassing client from storing garbage.

alter table public.orders
  add column company text check (char_length(company) <= 200),
  add column vat_id text check (vat_id ~ '^[A-Z]{2}[0-9A-Z+*]{2,13}$');

alter table public.profiles
  add column company text check (char_length(company) <= 200),
  add column vat_id text check (vat_id ~ '^[A-Z]{2}[0-9A-Z+*]{2,13}$');

-- orders: authenticated reads the whole table (table-level select) and updates only status and
-- payment_deadline; company and vat_id are written by place_order alone (SECURITY DEFINER).
-- profiles: column-level insert and update, so the member (and an admin) may keep both.
grant insert (company, vat_id) on public.profiles to authenticated;
grant update (company, vat_id) on public.profiles to authenticated;

-- place_order as in 20261126150000_membership_renewal.sql; only the lines marked
-- "-- e-invoice: company / vat_id" are new.
CREATE OR REPLACE FUNCTION public.place_order(p_checkout_token uuid, p_customer jsonb, p_lines jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
  v_plan text;
  v_plans text[] := '{}';
  v_regular numeric[] := '{}';
  v_community_prices numeric[] := '{}';
  v_membership_plan text;
  v_held_plan text;
  v_held_name text;
  v_held_rank integer;
  v_held_grants boolean := false;
  v_held_until timestamptz;
  v_new public.membership_plans;
  v_pending_order uuid;
  v_pending_name text;
  v_grants boolean;
  v_status text;
  v_i integer;
  v_shipped boolean;
  v_any_shipped boolean := false;
  v_shipping_fee numeric(10, 2) := 0;
begin
  if v_uid is null then
    raise exception 'Bitte melde dich an, um fortzufahren.' using errcode = '42501';
  end if;
  if p_checkout_token is null then
    raise exception 'Die Bestellung ist ungültig. Bitte lade die Seite neu.' using errcode = '22023';
  end if;

  -- One checkout per member at a time, serialised with activations and admin changes of the same
  -- member, so the membership state read below holds until this transaction ends.
  perform public.lock_membership(v_uid);

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
    v_plan := null;
    if v_item_type = 'product' then
      select true, p.title, p.category, p.price, p.behappy_price, p.availability, p.membership_plan,
             p.shipped and p.category <> 'membership'
        into v_found, v_title, v_category, v_price, v_community, v_available, v_plan, v_shipped
      from public.products p where p.id = v_item_id;
      v_any_shipped := v_any_shipped or coalesce(v_shipped, false);
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

    if v_category = 'membership' then
      if v_plan is null then
        raise exception 'Ein Artikel in deinem Warenkorb ist nicht mehr verfügbar.' using errcode = 'P0001';
      end if;
      if v_membership_plan is not null then
        raise exception 'Pro Bestellung ist nur eine Mitgliedschaft möglich.' using errcode = '22023';
      end if;
      if v_quantity <> 1 then
        raise exception 'Eine Mitgliedschaft kann nur einmal bestellt werden (Menge 1).' using errcode = '22023';
      end if;
      v_membership_plan := v_plan;
    end if;

    v_ids := v_ids || v_item_id;
    v_types := v_types || case when v_category = 'membership' then 'membership' else v_item_type end;
    v_titles := v_titles || v_title;
    v_quantities := v_quantities || v_quantity;
    v_plans := array_append(v_plans, v_plan);
    v_regular := v_regular || v_price::numeric;
    v_community_prices := v_community_prices || v_community::numeric;
  end loop;

  -- The membership the buyer holds now (an expired one is none).
  select m.plan, p.name, p.rank, p.grants_community_price, m.until
    into v_held_plan, v_held_name, v_held_rank, v_held_grants, v_held_until
  from public.memberships m join public.membership_plans p on p.plan = m.plan
  where m.user_id = v_uid and (m.until is null or m.until > public.shop_now());
  v_held_grants := coalesce(v_held_grants, false);

  v_grants := v_held_grants;
  if v_membership_plan is not null then
    select * into v_new from public.membership_plans where plan = v_membership_plan;
    if v_held_plan is not null and v_new.rank < v_held_rank then
      raise exception 'Du hast bereits die %-Mitgliedschaft. Eine niedrigere Mitgliedschaft kann nicht gebucht werden.', v_held_name
        using errcode = 'P0001';
    end if;
    if v_held_plan = v_new.plan and v_new.term_months is null then
      raise exception 'Du hast die %-Mitgliedschaft bereits.', v_held_name using errcode = 'P0001';
    end if;
    -- Renewal opens 30 days before the end; the new year starts at the current end.
    if v_held_plan = v_new.plan and v_held_until > public.shop_now() + interval '30 days' then
      raise exception 'Du kannst deine %-Mitgliedschaft ab dem % verlängern.', v_held_name,
        to_char((v_held_until - interval '30 days') at time zone 'Europe/Berlin', 'DD.MM.YYYY')
        using errcode = 'P0001';
    end if;
    -- An unpaid order of this plan or a higher one is still open: a second one would be paid twice
    -- for one membership. The same checkout sent again is not a second order (its token).
    select o.id, p.name into v_pending_order, v_pending_name
      from public.orders o
      join public.order_items i on i.order_id = o.id
      join public.membership_plans p on p.plan = i.membership_plan
     where o.user_id = v_uid and o.status = 'pending' and p.rank >= v_new.rank
       and o.checkout_token is distinct from p_checkout_token
     order by o.created_at desc
     limit 1;
    if v_pending_order is not null then
      raise exception 'Deine Bestellung der %-Mitgliedschaft (Bestellnummer %) wartet noch auf die Zahlung. Eine weitere Mitgliedschaft kannst du bestellen, wenn sie abgeschlossen ist.',
        v_pending_name, left(v_pending_order::text, 8)
        using errcode = 'P0001';
    end if;
    -- A membership in this order counts for this order.
    v_grants := v_grants or v_new.grants_community_price;
  end if;

  for v_i in 1 .. coalesce(array_length(v_ids, 1), 0) loop
    v_prices := v_prices || case
      when v_plans[v_i] is not null or not v_grants then v_regular[v_i]
      else v_community_prices[v_i]
    end;
    v_total := v_total + v_prices[v_i] * v_quantities[v_i];
  end loop;
  -- One flat fee per order with something to send, at the rate configured now (never the client's).
  if v_any_shipped then
    select s.shipping_fee into v_shipping_fee from public.shop_settings s;
    v_shipping_fee := coalesce(v_shipping_fee, 0);
  end if;
  v_total := v_total + v_shipping_fee;
  v_status := case when v_total = 0 then 'completed' else 'pending' end;

  -- ON CONFLICT waits for a concurrent call with the same token; if that one committed, ours
  -- inserts nothing and we return its order (the unique constraint is the arbiter, no 23505 leaks).
  insert into public.orders (
    customer_name, customer_email, customer_phone, total_amount, shipping_fee, status, user_id,
    salutation, street, zipcode, city, country, notes, checkout_token,
    company, vat_id) -- e-invoice: company / vat_id
  values (
    v_first || ' ' || v_last,
    v_email,
    coalesce(nullif(btrim(p_customer ->> 'phone'), ''), nullif(btrim(p_customer ->> 'mobile'), '')),
    v_total,
    v_shipping_fee,
    v_status,
    v_uid,
    nullif(btrim(p_customer ->> 'salutation'), ''),
    btrim(p_customer ->> 'street'),
    btrim(p_customer ->> 'zipcode'),
    btrim(p_customer ->> 'city'),
    btrim(p_customer ->> 'country'),
    nullif(btrim(p_customer ->> 'notes'), ''),
    p_checkout_token,
    nullif(btrim(p_customer ->> 'company'), ''), -- e-invoice: company / vat_id
    nullif(upper(regexp_replace(coalesce(p_customer ->> 'vat_id', ''), '[\s.-]+', '', 'g')), ''))  -- e-invoice: company / vat_id
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

  insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price, membership_plan)
  select v_order_id, l.item_id, l.item_type, l.item_title, l.quantity, l.price, l.membership_plan
  from unnest(v_ids, v_types, v_titles, v_quantities, v_prices, v_plans)
    as l (item_id, item_type, item_title, quantity, price, membership_plan);

  -- Nothing to pay: the order is complete now, and so is its membership.
  if v_status = 'completed' then
    perform public.activate_order_membership(v_order_id);
  end if;

  return v_order_id;
end
$_$;
