-- Web Push subscriptions of a member's devices (not replicated).

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  user_agent text,
  preferences jsonb not null default '{"replies": true, "quotes_mentions": true, "followers": true, "likes": true}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint push_subscriptions_endpoint_key unique (endpoint)
);

create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;

create policy "Members read their own push subscriptions" on public.push_subscriptions
  for select to authenticated using (user_id = auth.uid());
create policy "Members add their own push subscriptions" on public.push_subscriptions
  for insert to authenticated with check (user_id = auth.uid());
create policy "Members update their own push subscriptions" on public.push_subscriptions
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "Members delete their own push subscriptions" on public.push_subscriptions
  for delete to authenticated using (user_id = auth.uid());
