-- "Erneut senden" (/admin/mails) only for a mail nobody is sending right now, and the list tells a
-- newsletter's mails apart.
--
-- retry_mail cleared the claim (locked_until) of any unsent mail: pressed on a queued mail that a
-- worker had just claimed, another worker could claim it too and the mail went out twice. It now
-- takes a failed mail, or a queued one whose claim has run out (or that was never claimed).
create or replace function public.retry_mail(p_id uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
begin
  if not public.is_admin(auth.uid()) then
    raise exception 'Keine Berechtigung.' using errcode = '42501';
  end if;
  update public.mail_outbox
     set status = 'queued', next_attempt_at = now(), locked_until = null
   where id = p_id
     and (status = 'failed' or (status = 'queued' and (locked_until is null or locked_until < now())));
  get diagnostics v_found = row_count;
  return v_found;
end
$$;
revoke execute on function public.retry_mail(uuid) from public, anon;
grant execute on function public.retry_mail(uuid) to authenticated, service_role;

-- /admin/mails counts a newsletter's queued mails apart from the rest: admins may read the flag (like
-- the other delivery columns; never the text, HTML or attachments).
grant select (bulk) on table public.mail_outbox to authenticated;
