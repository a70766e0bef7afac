-- Likes on posts. Row id = uuid v5 of 'post:user:type', toggling sets _deleted.
-- The post's reactions_summary, the author's karma (+1 per like received from
-- someone else, -1 when it is withdrawn) and a like_content notification follow
-- from the row, so a replicated like and toggle_reaction_and_karma agree.

create table public.reactions (
  id uuid primary key,
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  reaction_type text not null default 'like',
  created_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint reactions_one_per_member unique (post_id, user_id, reaction_type),
  constraint reactions_type_valid check (reaction_type in ('like'))
);

create index reactions_user_idx on public.reactions (user_id);
create index reactions_modified_id_idx on public.reactions (_modified, id);

create trigger reactions_set_modified before insert or update on public.reactions
  for each row execute function private.set_modified();
create trigger reactions_soft_delete before delete on public.reactions
  for each row execute function private.soft_delete();

create or replace function private.validate_reaction() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, private.relation_id(new.post_id::text || ':' || new.user_id::text || ':' || new.reaction_type));
    if new.reaction_type is distinct from 'like' then
      raise exception using errcode = '23514', message = 'Only the ''like'' reaction is supported.';
    end if;
    if private.is_member_request() and new.user_id is distinct from auth.uid() then
      raise exception using errcode = '42501', message = 'You can only react as yourself.';
    end if;
    if not exists (select 1 from public.posts p where p.id = new.post_id and not p._deleted) then
      raise exception using errcode = 'P0002', message = 'This post does not exist or has been removed.';
    end if;
  elsif private.is_member_request()
        and (new.id, new.post_id, new.user_id, new.reaction_type, new.created_at)
            is distinct from (old.id, old.post_id, old.user_id, old.reaction_type, old.created_at) then
    raise exception using errcode = '42501', message = 'Permission denied: only _deleted of a reaction can be changed.';
  end if;
  return new;
end
$$;

create trigger reactions_validate before insert or update on public.reactions
  for each row execute function private.validate_reaction();

alter table public.reactions enable row level security;

create policy "Reactions are public" on public.reactions
  for select to anon, authenticated using (true);
create policy "Members react as themselves" on public.reactions
  for insert to authenticated with check (user_id = auth.uid());
create policy "Members toggle their own reactions" on public.reactions
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "Members remove their own reactions" on public.reactions
  for delete to authenticated using (user_id = auth.uid());

create or replace function private.reaction_effects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  was_active boolean := tg_op in ('UPDATE', 'DELETE') and not old._deleted;
  is_active boolean := tg_op in ('INSERT', 'UPDATE') and not new._deleted;
  delta integer := is_active::integer - was_active::integer;
  r public.reactions := coalesce(new, old);
  post public.posts;
begin
  if delta = 0 then
    return null;
  end if;
  -- Increment in place (not a recount) so concurrent likes never lose a count.
  update public.posts
     set reactions_summary = jsonb_set(
           coalesce(reactions_summary, '{}'::jsonb), array[r.reaction_type],
           to_jsonb(greatest(coalesce((reactions_summary ->> r.reaction_type)::integer, 0) + delta, 0)))
   where id = r.post_id
  returning * into post;
  if post.id is null or post.user_id = r.user_id then
    return null;
  end if;
  update public.profiles set karma = karma + delta where id = post.user_id;
  if delta > 0 then
    perform private.notify(post.user_id, 'like_content', r.user_id, private.text_preview(post.content),
                           post.discussion_id, post.id);
  end if;
  return null;
end
$$;

create trigger reactions_effects after insert or update of _deleted or delete on public.reactions
  for each row execute function private.reaction_effects();
