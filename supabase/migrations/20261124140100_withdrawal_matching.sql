-- Every withdrawal reaches the shop (issue 17): admins see all of them in a list and may link one
-- that file_withdrawal could not match (a typo in the order number, another e-mail) to its order by
-- hand. Only the order link is writable, only by admins; the filed text stays as it was received.
alter table public.withdrawals add column matched_by uuid references auth.users (id) on delete set null;
alter table public.withdrawals add column matched_at timestamptz;

grant update (order_id, matched_by, matched_at) on public.withdrawals to authenticated;
create policy withdrawals_admin_update on public.withdrawals for update to authenticated
  using ((select public.is_admin((select auth.uid()))))
  with check ((select public.is_admin((select auth.uid()))));
