-- An event or course that has begun but not ended says "Läuft bereits", not "Vergangen".
--
-- The pages said "Vergangen" from an item's start: a course of eight weeks was "Vergangen" for
-- eight weeks. They now tell the two apart (catalog.server.ts reads `ended`), so the cached pages
-- must turn at the end as well: schedule_catalogue_clock puts a 'catalogue-clock' job at ends_at
-- too (its key names the end), also when only the end moves. As in
-- 20261127100000_event_seats.sql otherwise.

create or replace function public.schedule_catalogue_clock() returns trigger
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
  -- new: the end turns "Läuft bereits" into "Vergangen".
  if new.ends_at is not null and new.ends_at > public.shop_now() then
    insert into public.jobs (kind, key, run_at)
    values ('catalogue-clock', 'catalogue-clock:' || new.id || ':end:' || extract(epoch from new.ends_at)::bigint,
            new.ends_at)
    on conflict (key) do nothing;
  end if;
  return null;
end
$$;
revoke all on function public.schedule_catalogue_clock() from public, anon, authenticated;

drop trigger events_schedule_catalogue_clock on public.events;
drop trigger courses_schedule_catalogue_clock on public.courses;
create trigger events_schedule_catalogue_clock after insert or update of starts_at, ends_at on public.events
  for each row execute function public.schedule_catalogue_clock();
create trigger courses_schedule_catalogue_clock after insert or update of starts_at, ends_at on public.courses
  for each row execute function public.schedule_catalogue_clock();

-- Items running now or later get their end's job.
insert into public.jobs (kind, key, run_at)
select 'catalogue-clock', 'catalogue-clock:' || i.id || ':end:' || extract(epoch from i.ends_at)::bigint, i.ends_at
  from (select id, ends_at from public.events union all select id, ends_at from public.courses) i
 where i.ends_at is not null and i.ends_at > public.shop_now()
on conflict (key) do nothing;
