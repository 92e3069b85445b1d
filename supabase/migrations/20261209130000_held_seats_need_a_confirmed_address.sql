-- Seats held for a waitlist offer go only to an account whose address is proven.
--
-- hold_seats lets an order use the seats held for the offer to its e-mail address. That was the
-- order's customer_email: the account's address in the shop, confirmed or not, and whatever a
-- caller of place_order typed through the API. So anyone who knew that olga@… was waiting (and
-- had no account yet) could sign up under her address without confirming it and book her seats.
-- The rest of the shop never trusts an unconfirmed address (docs/security.md). The offer's seats
-- now count for an order only through its account's own, confirmed address; an unconfirmed
-- account holding such an offer is told to confirm first, instead of "ausgebucht".

create or replace function public.order_items_hold_seats() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account text;
  v_confirmed boolean;
begin
  select u.email, u.email_confirmed_at is not null into v_account, v_confirmed
    from public.orders o left join auth.users u on u.id = o.user_id
   where o.id = new.order_id and o.status <> 'cancelled';
  if not found then
    return null;
  end if;
  if coalesce(v_confirmed, false) or v_account is null or not exists (
    select 1 from public.waitlist_entries w
     where w.item_id = new.item_id and w.status = 'offered' and lower(w.email) = lower(v_account)
  ) then
    perform public.hold_seats(new.item_id, new.item_type, new.quantity, true,
                              case when coalesce(v_confirmed, false) then v_account end);
    return null;
  end if;
  -- An offer for this account's address, which it has not proven: only seats nobody holds.
  begin
    perform public.hold_seats(new.item_id, new.item_type, new.quantity, true, null);
  exception when sqlstate 'P0001' then
    if sqlerrm like '%hat bereits begonnen%' then
      raise;
    end if;
    raise exception 'Die Plätze für „%“, die wir für deine E-Mail-Adresse halten, kannst du buchen, sobald du die Adresse bestätigt hast: Bitte klicke auf den Link in unserer Bestätigungs-E-Mail und bestelle dann noch einmal.',
      new.item_title using errcode = 'P0001';
  end;
  return null;
end
$$;
