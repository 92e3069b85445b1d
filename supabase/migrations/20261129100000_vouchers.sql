-- Voucher codes (issue 29, vouchers). An admin creates codes at /admin/gutscheine; the cart and the
-- checkout redeem one. place_order decides the discount under the voucher row's lock, so a code's
-- last use is taken once; the discount is written to the order (voucher_code, discount_amount) and
-- allocated to its lines (order_items.discount, cents exact), from which the invoice's "Gutschein"
-- lines per VAT rate and the DATEV bookings are derived. Shipping is never discounted. Decision 0017.

create table public.vouchers (
  id uuid primary key default gen_random_uuid(),
  -- Stored normalised (upper case), so codes are case-insensitive and unique.
  code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  kind text not null check (kind in ('percent', 'fixed')),
  amount numeric(10, 2) not null check (amount > 0 and (kind <> 'percent' or amount <= 100)),
  min_order numeric(10, 2) check (min_order >= 0),
  -- Days in the shop's time zone (Europe/Berlin), both inclusive; null = open.
  valid_from date,
  valid_until date,
  max_uses integer check (max_uses > 0),
  max_uses_per_customer integer check (max_uses_per_customer > 0),
  -- null = every kind; else the kinds of order line it discounts.
  item_kinds text[] check (
    item_kinds is null
    or (cardinality(item_kinds) > 0 and item_kinds <@ array['product', 'course', 'event', 'membership']::text[])),
  members_only boolean not null default false,
  active boolean not null default true,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (valid_until is null or valid_from is null or valid_until >= valid_from)
);
comment on table public.vouchers is 'Voucher codes; redeemed only through place_order (voucher_decide).';
create index vouchers_created_by_idx on public.vouchers (created_by);

-- One row per order that used a code. A cancelled order gives its use back (it is not counted).
create table public.voucher_redemptions (
  id uuid primary key default gen_random_uuid(),
  voucher_id uuid not null references public.vouchers (id) on delete restrict,
  order_id uuid not null unique references public.orders (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  email text not null check (email = lower(email) and char_length(email) <= 254),
  created_at timestamptz not null default now()
);
create index voucher_redemptions_voucher_idx on public.voucher_redemptions (voucher_id);
create index voucher_redemptions_user_idx on public.voucher_redemptions (user_id);

alter table public.orders add column voucher_code text check (char_length(voucher_code) <= 32);
alter table public.orders add column discount_amount numeric(10, 2) not null default 0 check (discount_amount >= 0);
alter table public.order_items add column discount numeric(10, 2) not null default 0
  check (discount >= 0 and discount <= price * quantity);

-- RLS: admins manage codes and read redemptions; members and visitors read neither (the cart asks
-- voucher_preview, which answers only about the code typed).
alter table public.vouchers enable row level security;
alter table public.voucher_redemptions enable row level security;
revoke all on public.vouchers, public.voucher_redemptions from anon, authenticated;
grant select, insert (code, kind, amount, min_order, valid_from, valid_until, max_uses, max_uses_per_customer,
  item_kinds, members_only, created_by) on public.vouchers to authenticated;
grant update (active) on public.vouchers to authenticated;
grant select on public.voucher_redemptions to authenticated;
grant all on public.vouchers, public.voucher_redemptions to service_role;
create policy vouchers_admin_select on public.vouchers for select to authenticated
  using ((select public.is_admin((select auth.uid()))));
create policy vouchers_admin_insert on public.vouchers for insert to authenticated
  with check ((select public.is_admin((select auth.uid()))));
create policy vouchers_admin_update on public.vouchers for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
create policy voucher_redemptions_admin_select on public.voucher_redemptions for select to authenticated
  using ((select public.is_admin((select auth.uid()))));

-- The discount spread over the lines in proportion to their amounts, in whole cents that sum to it
-- exactly (largest remainder; ties to the earlier line). A line never gets more than its amount.
-- app/lib/vouchers.ts computes the same for the cart's preview.
create function public.voucher_allocate(p_discount numeric, p_amounts numeric[]) returns numeric[]
language sql immutable
set search_path = ''
as $$
  with l as (
    select u.i, round(u.a * 100)::bigint as a from unnest(p_amounts) with ordinality as u (a, i)
  ), t as (
    select sum(a)::bigint as total, round(p_discount * 100)::bigint as d from l
  ), s as (
    select l.i,
           case when t.total > 0 then (t.d * l.a) / t.total else 0 end as base,
           case when t.total > 0 then (t.d * l.a) % t.total else 0 end as rest
      from l, t
  ), r as (
    select s.i, s.base, row_number() over (order by s.rest desc, s.i) as rank,
           (select t.d from t) - (sum(s.base) over ())::bigint as left_over
      from s
  )
  select coalesce(array_agg(((r.base + case when r.rank <= r.left_over then 1 else 0 end) / 100.0)::numeric(10, 2)
                            order by r.i), '{}')
    from r
$$;

create function public.voucher_money(p_amount numeric) returns text
language sql immutable
set search_path = ''
as $$ select replace(to_char(p_amount, 'FM999999990.00'), '.', ',') || chr(160) || '€' $$;
revoke all on function public.voucher_allocate(numeric, numeric[]) from public;
revoke all on function public.voucher_money(numeric) from public;

-- Whether a code applies to these lines (their kinds and amounts charged) for this customer now
-- (shop's clock), and the discount with its share per line: {voucher_id, code, discount, shares} or
-- {error} in German saying why not. p_lock: place_order holds the voucher row until it commits.
create function public.voucher_decide(
  p_code text, p_uid uuid, p_email text, p_types text[], p_amounts numeric[], p_member boolean, p_lock boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(coalesce(p_code, '')));
  v public.vouchers;
  v_today date := (public.shop_now() at time zone 'Europe/Berlin')::date;
  v_used integer;
  v_mine integer;
  v_goods numeric := 0;
  v_eligible numeric[] := '{}';
  v_eligible_sum numeric := 0;
  v_discount numeric;
  v_i integer;
begin
  if p_lock then
    select * into v from public.vouchers where code = v_code for update;
  else
    select * into v from public.vouchers where code = v_code;
  end if;
  if v.id is null then
    return jsonb_build_object('error', format('Den Gutscheincode „%s“ gibt es nicht. Bitte prüfe die Schreibweise.', v_code));
  end if;
  if not v.active then
    return jsonb_build_object('error', format('Der Gutschein „%s“ ist nicht mehr gültig.', v_code));
  end if;
  if v.valid_from is not null and v_today < v.valid_from then
    return jsonb_build_object('error', format('Der Gutschein „%s“ gilt erst ab dem %s.', v_code, to_char(v.valid_from, 'DD.MM.YYYY')));
  end if;
  if v.valid_until is not null and v_today > v.valid_until then
    return jsonb_build_object('error', format('Der Gutschein „%s“ ist abgelaufen (gültig bis %s).', v_code, to_char(v.valid_until, 'DD.MM.YYYY')));
  end if;
  select count(*) filter (where true),
         -- Per account; a guest (no account) per order e-mail.
         count(*) filter (where case when p_uid is not null then r.user_id = p_uid
                                     else r.email = lower(coalesce(p_email, '')) end)
    into v_used, v_mine
    from public.voucher_redemptions r join public.orders o on o.id = r.order_id
   where r.voucher_id = v.id and o.status <> 'cancelled';
  if v.max_uses is not null and v_used >= v.max_uses then
    return jsonb_build_object('error', format('Der Gutschein „%s“ ist bereits aufgebraucht: alle Einlösungen sind vergeben.', v_code));
  end if;
  if v.max_uses_per_customer is not null and v_mine >= v.max_uses_per_customer then
    return jsonb_build_object('error', case when v.max_uses_per_customer = 1
      then format('Du hast den Gutschein „%s“ bereits eingelöst.', v_code)
      else format('Du hast den Gutschein „%s“ bereits %s-mal eingelöst, öfter geht es nicht.', v_code, v.max_uses_per_customer) end);
  end if;
  if v.members_only and not coalesce(p_member, false) then
    return jsonb_build_object('error', format('Der Gutschein „%s“ gilt nur für Mitglieder.', v_code));
  end if;
  for v_i in 1 .. coalesce(array_length(p_amounts, 1), 0) loop
    v_goods := v_goods + p_amounts[v_i];
    v_eligible := v_eligible || case when v.item_kinds is null or p_types[v_i] = any (v.item_kinds) then p_amounts[v_i] else 0 end;
    v_eligible_sum := v_eligible_sum + v_eligible[v_i];
  end loop;
  if v_eligible_sum <= 0 then
    return jsonb_build_object('error', format('Der Gutschein „%s“ gilt nicht für die Artikel in deinem Warenkorb.', v_code));
  end if;
  if v.min_order is not null and v_goods < v.min_order then
    return jsonb_build_object('error', format('Der Gutschein „%s“ gilt ab einem Bestellwert von %s.', v_code, public.voucher_money(v.min_order)));
  end if;
  -- A fixed amount never exceeds what it discounts, so no total becomes negative.
  v_discount := case when v.kind = 'percent' then round(v_eligible_sum * v.amount / 100, 2)
                     else least(v.amount, v_eligible_sum) end;
  return jsonb_build_object('voucher_id', v.id, 'code', v.code, 'discount', v_discount,
    'shares', to_jsonb(public.voucher_allocate(v_discount, v_eligible)));
end
$$;
revoke all on function public.voucher_decide(text, uuid, text, text[], numeric[], boolean, boolean) from public, anon, authenticated;

-- The cart's and the checkout's preview for the signed-in member or a visitor: the same decision
-- without the lock (place_order decides again when the order is placed).
create function public.voucher_preview(p_code text, p_types text[], p_amounts numeric[]) returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select public.voucher_decide(
    left(p_code, 64), auth.uid(),
    (select u.email from auth.users u where u.id = auth.uid()),
    p_types, p_amounts,
    exists (select 1 from public.memberships m
             where m.user_id = auth.uid() and (m.until is null or m.until > public.shop_now())),
    false)
$$;
revoke all on function public.voucher_preview(text, text[], numeric[]) from public;
grant execute on function public.voucher_preview(text, text[], numeric[]) to anon, authenticated, service_role;

-- place_order as in 20261128100000_e_invoice_business_buyers.sql; the voucher's lines are marked `-- voucher:`.
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
  v_line_totals numeric[] := '{}'; -- voucher:
  v_voucher_code text; -- voucher:
  v_voucher jsonb; -- voucher:
  v_discount numeric(10, 2) := 0; -- voucher:
  v_shares numeric[]; -- voucher:
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
    v_line_totals := v_line_totals || v_prices[v_i] * v_quantities[v_i]; -- voucher:
  end loop;
  v_shares := array_fill(0::numeric, array[coalesce(array_length(v_ids, 1), 0)]); -- voucher:
  -- voucher: the code is decided here, on these prices, and its row stays locked until commit, so
  -- voucher: a code's last use goes to one order; a refusal says why in German (the cart is kept).
  v_voucher_code := nullif(upper(btrim(coalesce(p_customer ->> 'voucher_code', ''))), ''); -- voucher:
  if v_voucher_code is not null then -- voucher:
    v_voucher := public.voucher_decide(v_voucher_code, v_uid, v_email, v_types, v_line_totals,
                                       v_held_plan is not null, true); -- voucher:
    if v_voucher ? 'error' then -- voucher:
      raise exception '%', v_voucher ->> 'error' using errcode = 'P0001'; -- voucher:
    end if; -- voucher:
    v_discount := (v_voucher ->> 'discount')::numeric; -- voucher:
    v_shares := array(select s::numeric from jsonb_array_elements_text(v_voucher -> 'shares') as s); -- voucher:
    v_voucher_code := v_voucher ->> 'code'; -- voucher:
    v_total := v_total - v_discount; -- voucher:
  end if; -- voucher:
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
    company, vat_id, -- e-invoice: company / vat_id
    voucher_code, discount_amount) -- voucher:
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
    nullif(upper(regexp_replace(coalesce(p_customer ->> 'vat_id', ''), '[\s.-]+', '', 'g')), ''), -- e-invoice: company / vat_id
    v_voucher_code, v_discount) -- voucher:
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

  insert into public.order_items (order_id, item_id, item_type, item_title, quantity, price, membership_plan,
    discount) -- voucher:
  select v_order_id, l.item_id, l.item_type, l.item_title, l.quantity, l.price, l.membership_plan,
    l.discount -- voucher:
  from unnest(v_ids, v_types, v_titles, v_quantities, v_prices, v_plans, v_shares)
    as l (item_id, item_type, item_title, quantity, price, membership_plan, discount);

  if v_voucher is not null then -- voucher:
    insert into public.voucher_redemptions (voucher_id, order_id, user_id, email) -- voucher:
    values ((v_voucher ->> 'voucher_id')::uuid, v_order_id, v_uid, lower(v_email)); -- voucher:
  end if; -- voucher:

  -- Nothing to pay: the order is complete now, and so is its membership.
  if v_status = 'completed' then
    perform public.activate_order_membership(v_order_id);
  end if;

  return v_order_id;
end
$_$;

