-- Who is online: the app's presence channels are private, so only what these policies allow
-- happens on them. Everyone, visitors included, may follow presence and announce themselves
-- (visitors are counted as guests); no policy lets anyone broadcast on them, so a socket cannot
-- push messages to the members watching who is online.
-- realtime.messages and realtime.topic() are Supabase's own; no new objects, so no grants.

create policy "Presence channels: anyone may follow who is online"
  on realtime.messages for select to anon, authenticated
  using (realtime.topic() in ('online-users', 'sidebar-online-users') and extension = 'presence');

create policy "Presence channels: anyone may announce themselves"
  on realtime.messages for insert to anon, authenticated
  with check (realtime.topic() in ('online-users', 'sidebar-online-users') and extension = 'presence');
