-- Drafts on every device: what a member is writing (a reply, a new discussion, a post edit)
-- is kept in their private table so another device can finish it. One row per member, kind
-- and what it belongs to; only the member sees or changes it. The device's text with the
-- newest edit time wins, and the time is the device's own (capped at the server's now, so a
-- device whose clock runs ahead cannot win every race).

create table public.drafts (
  id uuid primary key,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  kind text not null,
  -- what the draft belongs to: the discussion of a reply, the post of an edit, a fixed key for a new discussion
  key text not null,
  content text,
  fields jsonb,
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint drafts_one_per_item unique (user_id, kind, key),
  constraint drafts_kind_valid check (kind in ('reply', 'discussion', 'post_edit')),
  constraint drafts_key_length check (char_length(key) between 1 and 128),
  constraint drafts_content_length check (char_length(content) <= 50000),
  constraint drafts_fields_size check (fields is null or (jsonb_typeof(fields) = 'object' and octet_length(fields::text) <= 4000))
);

create index drafts_modified_id_idx on public.drafts (_modified, id);
create index drafts_user_idx on public.drafts (user_id);

create trigger drafts_set_modified before insert or update on public.drafts
  for each row execute function private.set_modified();
create trigger drafts_soft_delete before delete on public.drafts
  for each row execute function private.soft_delete();

create or replace function private.validate_draft() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.id, new.user_id, new.kind, new.key) is distinct from (old.id, old.user_id, old.kind, old.key) then
    raise exception using errcode = '42501', message = 'Only the text of a draft and its removal can be changed.';
  end if;
  new.updated_at := least(coalesce(new.updated_at, now()), now());
  return new;
end
$$;

create trigger drafts_validate before insert or update on public.drafts
  for each row execute function private.validate_draft();

alter table public.drafts enable row level security;

create policy "Drafts: a member sees their own" on public.drafts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Drafts: a member writes their own" on public.drafts
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Drafts: a member changes their own" on public.drafts
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Drafts: a member removes their own" on public.drafts
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on table public.drafts from anon, authenticated, service_role;
grant select, insert, update, delete on table public.drafts to authenticated, service_role;

create trigger a0_drafts_one_row before insert on public.drafts
  for each row execute function private.refuse_second_member_row();

alter publication supabase_realtime add table public.drafts;
