-- A change of the sign-in address takes the rows matched by address along.
--
-- Newsletter subscriptions, contact messages and guest waitlist entries belong to a member by their
-- confirmed address (export_my_data, delete_my_account). After a change of address they stayed with
-- the old one: the member's export lost them, deleting the account left them behind, and a later
-- account on the old address got them in its export. Newsletters and waitlist offers went on to
-- the old address.
--
-- When the account's address changes and the old one was confirmed (it proved whose rows they are),
-- those rows move to the new address. A newsletter subscription the new address already has wins
-- (one subscriber, one copy of each issue); the old address's one goes. Withdrawals and
-- cancellations keep the address they were declared with: they record what was declared.
-- The trigger on_auth_user_email_changed (20261124120000_trust.sql) runs this on every change,
-- whichever provider made it.

create or replace function public.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The BEFORE trigger on profiles fills in the account's address.
  update public.profiles p set email = null where p.id = new.id;

  if old.email is not null and old.email_confirmed_at is not null and new.email is not null then
    if exists (select 1 from public.newsletter_subscriptions s where lower(s.email) = lower(new.email)) then
      delete from public.newsletter_subscriptions s where lower(s.email) = lower(old.email);
    else
      update public.newsletter_subscriptions s set email = new.email where lower(s.email) = lower(old.email);
    end if;
    update public.contact_messages c set email = new.email where lower(c.email) = lower(old.email);
    update public.waitlist_entries w set email = new.email
     where lower(w.email) = lower(old.email) and w.status in ('waiting', 'offered');
  end if;
  return null;
end
$$;
