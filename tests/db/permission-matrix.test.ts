import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ACTORS, createWorld, fixtures, type Actor, type World } from './helpers/world';
import { CONTENT_BUCKET, COVER_MAX_BYTES } from './helpers/db-contract';
import { browserPushKeys } from '../support/push-keys';
import { discussionReadId } from '@/features/discussions/model/ids';

/**
 * Every table, view and RPC × operation × caller (anon, the owning member,
 * another member, a moderator, an admin). Each attempt goes through PostgREST
 * (or storage) with the caller's real token and reports whether it took effect,
 * checked in the database, so a denial is "nothing changed", not just an error.
 */

type Attempt = (w: World, actor: Actor) => Promise<boolean>;
interface Operation {
  name: string;
  allowed: readonly Actor[];
  attempt: Attempt;
}

const ALL = ACTORS;
const SIGNED_IN = ['member', 'other', 'moderator', 'admin'] as const;
const NOBODY: readonly Actor[] = [];
const OWNER = ['member'] as const;
const OWNER_AND_STAFF = ['member', 'moderator', 'admin'] as const;
const STAFF = ['moderator', 'admin'] as const;
const ADMIN = ['admin'] as const;

let w: World;
const owner = () => w.id('member')!;
const c = (actor: Actor): SupabaseClient => w.client(actor);
/** someone the actor is not: used for "as another user" attempts */
const victim = (actor: Actor) => (actor === 'member' ? w.id('other')! : owner());
const asActorOrVictim = (actor: Actor) => w.id(actor) ?? owner();

async function visible(client: SupabaseClient, table: string, id: string): Promise<boolean> {
  const { data, error } = await client.from(table).select('id').eq('id', id);
  return !error && (data ?? []).length === 1;
}
async function rowOf(table: string, id: string) {
  return fixtures.row<Record<string, unknown>>(w.db, table, id);
}
async function updates(actor: Actor, table: string, id: string, patch: Record<string, unknown>, key = Object.keys(patch)[0]!) {
  await c(actor).from(table).update(patch).eq('id', id);
  const row = await rowOf(table, id);
  return JSON.stringify(row[key]) === JSON.stringify(patch[key]);
}
async function softDeletes(actor: Actor, table: string, id: string) {
  await c(actor).from(table).delete().eq('id', id);
  const row = await rowOf(table, id);
  return row === undefined || row._deleted === true;
}
async function inserts(actor: Actor, table: string, row: Record<string, unknown>) {
  const id = (row.id as string | undefined) ?? randomUUID();
  const { error } = await c(actor)
    .from(table)
    .insert({ ...row, id });
  const stored = await rowOf(table, id);
  return !error && stored !== undefined;
}
async function rpcOk(actor: Actor, fn: string, args: Record<string, unknown> = {}) {
  const { error } = await c(actor).rpc(fn, args);
  return !error;
}
const newDiscussion = (locked = false) => fixtures.discussion(w.db, owner(), { locked });
async function otherPostInOwnersDiscussion() {
  const d = await newDiscussion();
  return { d, p: await fixtures.post(w.db, d, w.id('other')!) };
}
async function ownersPost(locked = false) {
  const d = await fixtures.discussion(w.db, w.id('other')!);
  const p = await fixtures.post(w.db, d, owner());
  if (locked) await w.db.query('update public.discussions set is_locked = true where id = $1', [d]);
  return { d, p };
}
async function ownersNotification() {
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.notifications (user_id, type, content_preview) values ($1, 'new_reply', 'hi') returning id`,
    [owner()],
  );
  return rows[0]!.id;
}
async function ownersFollow() {
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.followers (follower_id, following_id) values ($1, $2)
     on conflict (follower_id, following_id) do update set _deleted = false returning id`,
    [owner(), w.id('admin')],
  );
  return rows[0]!.id;
}
async function ownersReaction() {
  const { p } = await otherPostInOwnersDiscussion();
  const { rows } = await w.db.query<{ id: string }>(`insert into public.reactions (post_id, user_id) values ($1, $2) returning id`, [p, owner()]);
  return rows[0]!.id;
}
async function ownersContent(isPublic = true) {
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.user_content (user_id, title, type, content_url, is_public)
     values ($1, 'Sunrise at Tresor (live)', 'mix', 'https://example.test/mix.mp3', $2) returning id`,
    [owner(), isPublic],
  );
  return rows[0]!.id;
}
async function blogPost(status: 'draft' | 'published') {
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.blog_posts (title, slug, content, author_id, status, tags)
     values ('Ten years of vinyl', $1, 'Crates and stories.', $2, $3, '{vinyl}') returning id`,
    [`ten-years-${randomUUID().slice(0, 8)}`, w.id('admin'), status],
  );
  return rows[0]!.id;
}
async function ownersPushSubscription() {
  const keys = browserPushKeys();
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4) returning id`,
    [owner(), `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys.p256dh, keys.auth],
  );
  return rows[0]!.id;
}
/** The member's read record of a fresh thread of another member's. */
async function ownersRead() {
  const d = await fixtures.discussion(w.db, w.id('other')!);
  await w.db.query(`insert into public.discussion_reads (id, user_id, discussion_id, level) values ($1, $2, $3, 'normal')`, [
    discussionReadId(owner(), d),
    owner(),
    d,
  ]);
  return { d, id: discussionReadId(owner(), d) };
}
async function ownersCategoryLevel() {
  const category = `Cat ${randomUUID().slice(0, 8)}`;
  await w.db.query(`insert into public.category_notification_levels (user_id, category, level) values ($1, $2, 'muted')`, [owner(), category]);
  return category;
}
/** Sets a member's hub mark to `at` (the row is made again: the table only lets it move forward). */
async function markOf(user: string, at: string) {
  await w.db.query('delete from public.member_marks where user_id = $1', [user]);
  await w.db.query('insert into public.member_marks (user_id, hub_visited_at) values ($1, $2)', [user, at]);
}
async function storedMark(user: string): Promise<number | null> {
  const { rows } = await w.db.query<{ at: Date }>('select hub_visited_at as at from public.member_marks where user_id = $1', [user]);
  return rows[0]?.at.getTime() ?? null;
}
async function categoryLevelOf(user: string, category: string) {
  const { rows } = await w.db.query<{ level: string }>('select level from public.category_notification_levels where user_id = $1 and category = $2', [
    user,
    category,
  ]);
  return rows[0]?.level;
}
async function ownersBookmark() {
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.bookmarks (user_id, entity_type, entity_id, note) values ($1, 'discussion', $2, 'Read later') returning id`,
    [owner(), await newDiscussion()],
  );
  return rows[0]!.id;
}
async function ownersDraft() {
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.drafts (id, user_id, kind, key, content) values ($1, $2, 'reply', $3, 'Half a reply') returning id`,
    [randomUUID(), owner(), randomUUID()],
  );
  return rows[0]!.id;
}
async function contactMessage() {
  const { rows } = await w.db.query<{ id: string }>(
    `insert into public.contact_messages (name, email, subject, message) values ('Ana', 'ana@example.test', 'Hi', 'Hello') returning id`,
  );
  return rows[0]!.id;
}
async function uploads(actor: Actor, folderOwner: string, sub: string, bytes: number, type: string, ext: string) {
  const path = `${folderOwner}/${sub}/${Date.now()}_${randomUUID().slice(0, 6)}.${ext}`;
  const { error } = await c(actor)
    .storage.from(CONTENT_BUCKET)
    .upload(path, new Blob([new Uint8Array(bytes)], { type }), { contentType: type });
  const { rows } = await w.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [CONTENT_BUCKET, path]);
  return !error && rows.length === 1;
}
async function ownersObject() {
  const path = `${owner()}/track/${Date.now()}_${randomUUID().slice(0, 6)}.mp3`;
  const { error } = await c('member')
    .storage.from(CONTENT_BUCKET)
    .upload(path, new Blob([new Uint8Array(16)], { type: 'audio/mpeg' }), { contentType: 'audio/mpeg' });
  if (error) throw error;
  return path;
}

const operations: Operation[] = [
  // profiles
  { name: 'profiles: read a profile', allowed: ALL, attempt: (_, a) => visible(c(a), 'profiles', owner()) },
  { name: "profiles: edit the member's bio", allowed: OWNER, attempt: (_, a) => updates(a, 'profiles', owner(), { bio: `bio by ${a} ${randomUUID()}` }) },
  { name: "profiles: raise the member's karma", allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', owner(), { karma: 99999 }) },
  { name: "profiles: set the member's role to admin", allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', owner(), { role: 'admin' }) },
  { name: "profiles: set the member's tier to label", allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', owner(), { subscription_tier: 'label' }) },
  { name: 'profiles: feature the member', allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', owner(), { is_featured: true }) },
  { name: "profiles: inflate the member's follower count", allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', owner(), { followers_count: 5000 }) },
  { name: 'profiles: raise own karma', allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', asActorOrVictim(a), { karma: 77777 }) },
  {
    name: 'profiles: make self admin',
    allowed: NOBODY,
    attempt: (_, a) => (a === 'admin' ? updates(a, 'profiles', w.id(a)!, { role: 'dj' }) : updates(a, 'profiles', asActorOrVictim(a), { role: 'admin' })),
  },
  { name: 'profiles: upgrade own tier', allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', asActorOrVictim(a), { subscription_tier: 'pro' }) },
  { name: 'profiles: feature self', allowed: NOBODY, attempt: (_, a) => updates(a, 'profiles', asActorOrVictim(a), { is_featured: true }) },
  {
    name: 'profiles: delete a profile',
    allowed: NOBODY,
    attempt: async (_, a) => {
      await c(a).from('profiles').delete().eq('id', owner());
      return (await rowOf('profiles', owner())) === undefined;
    },
  },
  {
    name: 'profiles: insert a profile for someone else',
    allowed: NOBODY,
    attempt: (_, a) => inserts(a, 'profiles', { id: randomUUID(), username: `x${randomUUID().slice(0, 8)}` }),
  },
  {
    name: 'e-mail: not a column of a public profile read',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const { error } = await c(a).from('profiles').select('email').eq('id', owner());
      return !error;
    },
  },

  // followers
  { name: 'followers: read follows', allowed: ALL, attempt: async (_, a) => visible(c(a), 'followers', await ownersFollow()) },
  {
    name: 'followers: follow as yourself',
    allowed: SIGNED_IN,
    attempt: async (_, a) => {
      const target = await newMemberlessTarget();
      return inserts(a, 'followers', { follower_id: asActorOrVictim(a), following_id: target });
    },
  },
  {
    name: 'followers: follow as another user',
    allowed: NOBODY,
    attempt: async (_, a) => inserts(a, 'followers', { follower_id: victim(a), following_id: await newMemberlessTarget() }),
  },
  {
    name: 'followers: follow yourself',
    allowed: NOBODY,
    attempt: (_, a) => inserts(a, 'followers', { follower_id: asActorOrVictim(a), following_id: asActorOrVictim(a) }),
  },
  {
    name: "followers: unfollow (soft) the member's follow",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'followers', await ownersFollow(), { _deleted: true }),
  },
  { name: "followers: delete the member's follow", allowed: OWNER, attempt: async (_, a) => softDeletes(a, 'followers', await ownersFollow()) },

  // notifications
  {
    name: "notifications: read the member's notification",
    allowed: OWNER,
    attempt: async (_, a) => visible(c(a), 'notifications', await ownersNotification()),
  },
  {
    name: "notifications: mark the member's notification read",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'notifications', await ownersNotification(), { is_read: true }),
  },
  {
    name: "notifications: rewrite the member's notification text",
    allowed: NOBODY,
    attempt: async (_, a) => updates(a, 'notifications', await ownersNotification(), { content_preview: 'pwned' }),
  },
  { name: 'notifications: create a notification', allowed: NOBODY, attempt: (_, a) => inserts(a, 'notifications', { user_id: owner(), type: 'new_reply' }) },
  {
    name: "notifications: delete the member's notification",
    allowed: NOBODY,
    attempt: async (_, a) => softDeletes(a, 'notifications', await ownersNotification()),
  },

  // user_activities
  {
    name: 'user_activities: read activity',
    allowed: ALL,
    attempt: async (_, a) => {
      const { rows } = await w.db.query<{ id: string }>(`select id from public.user_activities where user_id = $1 limit 1`, [owner()]);
      return visible(c(a), 'user_activities', rows[0]!.id);
    },
  },
  {
    name: 'user_activities: write activity',
    allowed: NOBODY,
    attempt: (_, a) => inserts(a, 'user_activities', { user_id: asActorOrVictim(a), activity_type: 'new_post' }),
  },
  {
    name: 'user_activities: edit activity',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const { rows } = await w.db.query<{ id: string }>(`select id from public.user_activities where user_id = $1 limit 1`, [owner()]);
      return updates(a, 'user_activities', rows[0]!.id, { related_entity_title: 'pwned' });
    },
  },

  // discussions
  { name: 'discussions: read', allowed: ALL, attempt: async (_, a) => visible(c(a), 'discussions', await newDiscussion()) },
  {
    name: 'discussions: start one as yourself',
    allowed: SIGNED_IN,
    attempt: (_, a) => inserts(a, 'discussions', { user_id: asActorOrVictim(a), title: 'Best headphones for booth monitoring?', category: 'Gear & Software' }),
  },
  {
    name: 'discussions: start one as another user',
    allowed: NOBODY,
    attempt: (_, a) => inserts(a, 'discussions', { user_id: victim(a), title: 'Impersonated', category: 'Off-Topic' }),
  },
  {
    name: 'discussions: start one already pinned',
    allowed: STAFF,
    attempt: (_, a) => inserts(a, 'discussions', { user_id: asActorOrVictim(a), title: 'House rules', category: 'Announcements', is_pinned: true }),
  },
  {
    name: "discussions: edit the member's title",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'discussions', await newDiscussion(), { title: `Renamed by ${a}` }),
  },
  {
    name: "discussions: pin the member's discussion",
    allowed: STAFF,
    attempt: async (_, a) => updates(a, 'discussions', await newDiscussion(), { is_pinned: true }),
  },
  {
    name: "discussions: lock the member's discussion",
    allowed: OWNER_AND_STAFF,
    attempt: async (_, a) => updates(a, 'discussions', await newDiscussion(), { is_locked: true }),
  },
  {
    name: "discussions: unlock the member's discussion a moderator locked",
    allowed: STAFF,
    attempt: async (_, a) => {
      const d = await newDiscussion();
      await c('moderator').from('discussions').update({ is_locked: true }).eq('id', d);
      return updates(a, 'discussions', d, { is_locked: false });
    },
  },
  {
    name: "discussions: restore the member's discussion a moderator deleted",
    allowed: STAFF,
    attempt: async (_, a) => {
      const d = await newDiscussion();
      await c('moderator').rpc('delete_discussion_and_posts', { p_discussion_id: d });
      return updates(a, 'discussions', d, { _deleted: false });
    },
  },
  {
    name: "discussions: set the member's post_count",
    allowed: NOBODY,
    attempt: async (_, a) => updates(a, 'discussions', await newDiscussion(), { post_count: 500 }),
  },
  {
    name: "discussions: delete the member's discussion",
    allowed: OWNER_AND_STAFF,
    attempt: async (_, a) => softDeletes(a, 'discussions', await newDiscussion()),
  },

  // posts
  { name: 'posts: read', allowed: ALL, attempt: async (_, a) => visible(c(a), 'posts', (await ownersPost()).p) },
  {
    name: 'posts: reply as yourself',
    allowed: SIGNED_IN,
    attempt: async (_, a) => inserts(a, 'posts', { discussion_id: await newDiscussion(), user_id: asActorOrVictim(a), content: '<p>Same here!</p>' }),
  },
  {
    name: 'posts: two replies in one request',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const d = await newDiscussion();
      await c(a)
        .from('posts')
        .insert([1, 2].map((i) => ({ discussion_id: d, user_id: asActorOrVictim(a), content: `<p>bulk ${i}</p>` })));
      const { rows } = await w.db.query('select 1 from public.posts where discussion_id = $1', [d]);
      return rows.length > 1;
    },
  },
  {
    name: 'posts: backdate a reply',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const id = randomUUID();
      await c(a)
        .from('posts')
        .insert({ id, discussion_id: await newDiscussion(), user_id: asActorOrVictim(a), content: '<p>first!</p>', created_at: '2000-01-01T00:00:00Z' });
      const row = await rowOf('posts', id);
      return row !== undefined && new Date(row.created_at as string).getUTCFullYear() === 2000;
    },
  },
  {
    name: 'posts: reply as another user',
    allowed: NOBODY,
    attempt: async (_, a) => inserts(a, 'posts', { discussion_id: await newDiscussion(), user_id: victim(a), content: '<p>Not me</p>' }),
  },
  {
    name: 'posts: reply to a locked thread',
    allowed: NOBODY,
    attempt: async (_, a) => inserts(a, 'posts', { discussion_id: await newDiscussion(true), user_id: asActorOrVictim(a), content: '<p>Let me in</p>' }),
  },
  {
    name: "posts: edit the member's post",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'posts', (await ownersPost()).p, { content: `<p>edited by ${a}</p>` }),
  },
  {
    name: "posts: edit the member's post in a locked thread",
    allowed: NOBODY,
    attempt: async (_, a) => updates(a, 'posts', (await ownersPost(true)).p, { content: `<p>edited by ${a}</p>` }),
  },
  {
    name: "posts: set the member's reactions summary",
    allowed: NOBODY,
    attempt: async (_, a) => updates(a, 'posts', (await ownersPost()).p, { reactions_summary: { like: 1000 } }),
  },
  {
    name: "posts: mark a solution in the member's discussion",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'posts', (await otherPostInOwnersDiscussion()).p, { is_solution: true }),
  },
  { name: "posts: delete the member's post", allowed: OWNER_AND_STAFF, attempt: async (_, a) => softDeletes(a, 'posts', (await ownersPost()).p) },
  {
    name: "posts: restore the member's post a moderator deleted",
    allowed: STAFF,
    attempt: async (_, a) => {
      const { p } = await ownersPost();
      await c('moderator').from('posts').delete().eq('id', p);
      return updates(a, 'posts', p, { _deleted: false });
    },
  },
  {
    name: "posts: reveal the member's hidden reply after a lock",
    allowed: STAFF,
    attempt: async (_, a) => {
      const d = await fixtures.discussion(w.db, w.id('other')!);
      const p = randomUUID();
      await c('member').from('posts').insert({ id: p, discussion_id: d, user_id: owner(), content: '<p>sleeper</p>', _deleted: true });
      await c('moderator').from('discussions').update({ is_locked: true }).eq('id', d);
      return updates(a, 'posts', p, { _deleted: false });
    },
  },

  // reactions
  { name: 'reactions: read', allowed: ALL, attempt: async (_, a) => visible(c(a), 'reactions', await ownersReaction()) },
  {
    name: 'reactions: like as yourself',
    allowed: SIGNED_IN,
    attempt: async (_, a) => inserts(a, 'reactions', { post_id: (await otherPostInOwnersDiscussion()).p, user_id: asActorOrVictim(a), reaction_type: 'like' }),
  },
  {
    name: 'reactions: like as another user',
    allowed: NOBODY,
    attempt: async (_, a) => inserts(a, 'reactions', { post_id: (await otherPostInOwnersDiscussion()).p, user_id: victim(a), reaction_type: 'like' }),
  },
  {
    name: "reactions: withdraw the member's like",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'reactions', await ownersReaction(), { _deleted: true }),
  },
  { name: "reactions: delete the member's like", allowed: OWNER, attempt: async (_, a) => softDeletes(a, 'reactions', await ownersReaction()) },

  // user_content
  { name: 'user_content: read public content', allowed: ALL, attempt: async (_, a) => visible(c(a), 'user_content', await ownersContent()) },
  { name: 'user_content: read private content', allowed: OWNER, attempt: async (_, a) => visible(c(a), 'user_content', await ownersContent(false)) },
  {
    name: 'user_content: add as yourself',
    allowed: SIGNED_IN,
    attempt: (_, a) =>
      inserts(a, 'user_content', { user_id: asActorOrVictim(a), title: 'Warehouse tool', type: 'track', content_url: 'https://example.test/t.mp3' }),
  },
  {
    name: 'user_content: add as another user',
    allowed: NOBODY,
    attempt: (_, a) => inserts(a, 'user_content', { user_id: victim(a), title: 'Not mine', type: 'track', content_url: 'https://example.test/t.mp3' }),
  },
  {
    name: "user_content: edit the member's content",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'user_content', await ownersContent(), { title: `Edited by ${a}` }),
  },
  { name: "user_content: delete the member's content", allowed: OWNER, attempt: async (_, a) => softDeletes(a, 'user_content', await ownersContent()) },

  // blog_posts
  { name: 'blog_posts: read a published post', allowed: ALL, attempt: async (_, a) => visible(c(a), 'blog_posts', await blogPost('published')) },
  { name: "blog_posts: read the admin's draft", allowed: ADMIN, attempt: async (_, a) => visible(c(a), 'blog_posts', await blogPost('draft')) },
  {
    name: 'blog_posts: create a draft as yourself',
    allowed: ADMIN,
    attempt: (_, a) =>
      inserts(a, 'blog_posts', {
        title: 'AI draft',
        slug: `ai-draft-${randomUUID().slice(0, 8)}`,
        content_markdown: '# Hi',
        author_id: asActorOrVictim(a),
        status: 'draft',
      }),
  },
  {
    name: 'blog_posts: edit a published post',
    allowed: ADMIN,
    attempt: async (_, a) => updates(a, 'blog_posts', await blogPost('published'), { title: `Edited by ${a}` }),
  },
  { name: 'blog_posts: delete a published post', allowed: ADMIN, attempt: async (_, a) => softDeletes(a, 'blog_posts', await blogPost('published')) },

  // contact_messages
  {
    name: 'contact_messages: send',
    allowed: ALL,
    attempt: (_, a) =>
      inserts(a, 'contact_messages', { name: 'Ana', email: 'ana@example.test', subject: 'Booking', message: 'Are you taking promo submissions?' }),
  },
  {
    name: 'contact_messages: send fifty in one request',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const subject = `bulk ${randomUUID()}`;
      await c(a)
        .from('contact_messages')
        .insert(Array.from({ length: 50 }, () => ({ name: 'Ana', email: 'ana@example.test', subject, message: 'spam' })));
      const { rows } = await w.db.query('select 1 from public.contact_messages where subject = $1', [subject]);
      return rows.length > 0;
    },
  },
  { name: 'contact_messages: read', allowed: NOBODY, attempt: async (_, a) => visible(c(a), 'contact_messages', await contactMessage()) },
  { name: 'contact_messages: edit', allowed: NOBODY, attempt: async (_, a) => updates(a, 'contact_messages', await contactMessage(), { subject: 'pwned' }) },
  {
    name: 'contact_messages: delete',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const id = await contactMessage();
      await c(a).from('contact_messages').delete().eq('id', id);
      return (await rowOf('contact_messages', id)) === undefined;
    },
  },

  // push_subscriptions
  {
    name: "push_subscriptions: read the member's",
    allowed: OWNER,
    attempt: async (_, a) => visible(c(a), 'push_subscriptions', await ownersPushSubscription()),
  },
  {
    name: 'push_subscriptions: add as yourself',
    allowed: SIGNED_IN,
    attempt: (_, a) =>
      inserts(a, 'push_subscriptions', {
        user_id: asActorOrVictim(a),
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
        ...browserPushKeys(),
      }),
  },
  {
    name: 'push_subscriptions: add a loopback endpoint',
    allowed: NOBODY,
    attempt: (_, a) => inserts(a, 'push_subscriptions', { user_id: asActorOrVictim(a), endpoint: `http://127.0.0.1:9/${randomUUID()}`, ...browserPushKeys() }),
  },
  {
    name: 'push_subscriptions: add for another user',
    allowed: NOBODY,
    attempt: (_, a) =>
      inserts(a, 'push_subscriptions', { user_id: victim(a), endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, ...browserPushKeys() }),
  },
  {
    name: "push_subscriptions: edit the member's",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'push_subscriptions', await ownersPushSubscription(), { user_agent: `Firefox on ${a}` }),
  },
  {
    name: "push_subscriptions: delete the member's",
    allowed: OWNER,
    attempt: async (_, a) => {
      const id = await ownersPushSubscription();
      await c(a).from('push_subscriptions').delete().eq('id', id);
      return (await rowOf('push_subscriptions', id)) === undefined;
    },
  },

  // discussion_reads
  { name: "discussion_reads: read the member's", allowed: OWNER, attempt: async (_, a) => visible(c(a), 'discussion_reads', (await ownersRead()).id) },
  {
    name: 'discussion_reads: keep your own',
    allowed: SIGNED_IN,
    attempt: async (_, a) => {
      // A thread none of the callers posted in, so none of them has a record of it yet.
      const d = await fixtures.discussion(w.db, await newMemberlessTarget());
      const user = asActorOrVictim(a);
      return inserts(a, 'discussion_reads', { id: discussionReadId(user, d), user_id: user, discussion_id: d, level: 'muted' });
    },
  },
  {
    name: 'discussion_reads: keep one for another user',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const d = await fixtures.discussion(w.db, owner());
      return inserts(a, 'discussion_reads', { id: discussionReadId(victim(a), d), user_id: victim(a), discussion_id: d, level: 'muted' });
    },
  },
  {
    name: 'discussion_reads: mute for the member',
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'discussion_reads', (await ownersRead()).id, { level: 'muted' }),
  },
  {
    name: "discussion_reads: hand the member's record to another thread",
    allowed: NOBODY,
    attempt: async (_, a) => updates(a, 'discussion_reads', (await ownersRead()).id, { discussion_id: await newDiscussion() }),
  },
  {
    name: "discussion_reads: delete the member's",
    allowed: NOBODY,
    attempt: async (_, a) => softDeletes(a, 'discussion_reads', (await ownersRead()).id),
  },

  // category_notification_levels
  {
    name: "category_notification_levels: read the member's",
    allowed: OWNER,
    attempt: async (_, a) => {
      const category = await ownersCategoryLevel();
      const { data, error } = await c(a).from('category_notification_levels').select('level').eq('category', category).eq('user_id', owner());
      return !error && (data ?? []).length === 1;
    },
  },
  {
    name: 'category_notification_levels: set your own',
    allowed: SIGNED_IN,
    attempt: async (_, a) => {
      const category = `Cat ${randomUUID().slice(0, 8)}`;
      await c(a)
        .from('category_notification_levels')
        .insert({ user_id: asActorOrVictim(a), category, level: 'following' });
      return (await categoryLevelOf(asActorOrVictim(a), category)) === 'following';
    },
  },
  {
    name: 'category_notification_levels: set one for another user',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const category = `Cat ${randomUUID().slice(0, 8)}`;
      await c(a)
        .from('category_notification_levels')
        .insert({ user_id: victim(a), category, level: 'muted' });
      return (await categoryLevelOf(victim(a), category)) === 'muted';
    },
  },
  {
    name: "category_notification_levels: change the member's",
    allowed: OWNER,
    attempt: async (_, a) => {
      const category = await ownersCategoryLevel();
      await c(a).from('category_notification_levels').update({ level: 'following' }).eq('user_id', owner()).eq('category', category);
      return (await categoryLevelOf(owner(), category)) === 'following';
    },
  },
  {
    name: "category_notification_levels: clear the member's",
    allowed: OWNER,
    attempt: async (_, a) => {
      const category = await ownersCategoryLevel();
      await c(a).from('category_notification_levels').delete().eq('user_id', owner()).eq('category', category);
      return (await categoryLevelOf(owner(), category)) === undefined;
    },
  },
  // member_marks: private to their member, written only through mark_hub_visit
  {
    name: "member_marks: read the member's",
    allowed: OWNER,
    attempt: async (_, a) => {
      await markOf(owner(), '2020-01-01T00:00:00Z');
      const { data, error } = await c(a).from('member_marks').select('hub_visited_at').eq('user_id', owner());
      return !error && (data ?? []).length === 1;
    },
  },
  {
    name: "member_marks: move the member's mark directly",
    allowed: NOBODY,
    attempt: async (_, a) => {
      await markOf(owner(), '2020-01-01T00:00:00Z');
      await c(a).from('member_marks').update({ hub_visited_at: '2021-01-01T00:00:00Z' }).eq('user_id', owner());
      return (await storedMark(owner())) === Date.parse('2021-01-01T00:00:00Z');
    },
  },
  {
    name: 'member_marks: add one for a member directly',
    allowed: NOBODY,
    attempt: async (_, a) => {
      const target = await newMemberlessTarget();
      await c(a).from('member_marks').insert({ user_id: target, hub_visited_at: '2021-01-01T00:00:00Z' });
      return (await storedMark(target)) !== null;
    },
  },
  {
    name: 'rpc mark_hub_visit: records your own visit',
    allowed: SIGNED_IN,
    attempt: async (_, a) => {
      const user = asActorOrVictim(a);
      await markOf(user, '2020-01-01T00:00:00Z');
      const ok = await rpcOk(a, 'mark_hub_visit', { p_at: '2021-02-03T00:00:00Z' });
      return ok && (await storedMark(user)) === Date.parse('2021-02-03T00:00:00Z');
    },
  },

  // bookmarks: private to their member
  { name: "bookmarks: read the member's", allowed: OWNER, attempt: async (_, a) => visible(c(a), 'bookmarks', await ownersBookmark()) },
  {
    name: 'bookmarks: add as yourself',
    allowed: SIGNED_IN,
    attempt: async (_, a) => inserts(a, 'bookmarks', { user_id: asActorOrVictim(a), entity_type: 'discussion', entity_id: await newDiscussion() }),
  },
  {
    name: 'bookmarks: add for another user',
    allowed: NOBODY,
    attempt: async (_, a) => inserts(a, 'bookmarks', { user_id: victim(a), entity_type: 'discussion', entity_id: await newDiscussion() }),
  },
  {
    name: "bookmarks: edit the member's note",
    allowed: OWNER,
    attempt: async (_, a) => updates(a, 'bookmarks', await ownersBookmark(), { note: `Note by ${a}` }),
  },
  {
    name: "bookmarks: mark the member's reminder as sent",
    allowed: NOBODY,
    attempt: async (_, a) => updates(a, 'bookmarks', await ownersBookmark(), { reminded_at: '2026-01-01T00:00:00+00:00' }),
  },
  { name: "bookmarks: delete the member's", allowed: OWNER, attempt: async (_, a) => softDeletes(a, 'bookmarks', await ownersBookmark()) },

  // drafts: private to their member
  { name: "drafts: read the member's", allowed: OWNER, attempt: async (_, a) => visible(c(a), 'drafts', await ownersDraft()) },
  {
    name: 'drafts: add as yourself',
    allowed: SIGNED_IN,
    attempt: (_, a) => inserts(a, 'drafts', { user_id: asActorOrVictim(a), kind: 'reply', key: randomUUID(), content: 'Hi' }),
  },
  {
    name: 'drafts: add for another user',
    allowed: NOBODY,
    attempt: (_, a) => inserts(a, 'drafts', { user_id: victim(a), kind: 'reply', key: randomUUID(), content: 'Hi' }),
  },
  { name: "drafts: edit the member's", allowed: OWNER, attempt: async (_, a) => updates(a, 'drafts', await ownersDraft(), { content: `Text by ${a}` }) },
  { name: "drafts: delete the member's", allowed: OWNER, attempt: async (_, a) => softDeletes(a, 'drafts', await ownersDraft()) },

  // views
  {
    name: 'discussions_with_counts_and_profiles: read',
    allowed: ALL,
    attempt: async (_, a) => visible(c(a), 'discussions_with_counts_and_profiles', await newDiscussion()),
  },
  {
    name: "discussions_with_counts_and_profiles: rename the member's discussion through the view",
    allowed: OWNER,
    attempt: async (_, a) => {
      const id = await newDiscussion();
      await c(a)
        .from('discussions_with_counts_and_profiles')
        .update({ title: `Via view by ${a}` })
        .eq('id', id);
      return (await rowOf('discussions', id)).title === `Via view by ${a}`;
    },
  },
  { name: 'posts_with_profile_and_votes: read', allowed: ALL, attempt: async (_, a) => visible(c(a), 'posts_with_profile_and_votes', (await ownersPost()).p) },

  // RPCs
  {
    name: 'rpc toggle_follow: as yourself',
    allowed: SIGNED_IN,
    attempt: async (_, a) => rpcOk(a, 'toggle_follow', { p_follower_id: asActorOrVictim(a), p_following_id: await newMemberlessTarget() }),
  },
  {
    name: 'rpc toggle_follow: as another user',
    allowed: NOBODY,
    attempt: async (_, a) => rpcOk(a, 'toggle_follow', { p_follower_id: victim(a), p_following_id: await newMemberlessTarget() }),
  },
  { name: 'rpc get_user_followers', allowed: ALL, attempt: (_, a) => rpcOk(a, 'get_user_followers', { p_user_id: owner() }) },
  { name: 'rpc get_user_following', allowed: ALL, attempt: (_, a) => rpcOk(a, 'get_user_following', { p_user_id: owner() }) },
  {
    name: 'rpc create_post_with_quote: as yourself',
    allowed: SIGNED_IN,
    attempt: async (_, a) =>
      rpcOk(a, 'create_post_with_quote', {
        p_discussion_id: await newDiscussion(),
        p_user_id: asActorOrVictim(a),
        p_content: '<p>+1</p>',
        p_parent_post_id: null,
        p_quoted_post_id: null,
      }),
  },
  {
    name: 'rpc create_post_with_quote: as another user',
    allowed: NOBODY,
    attempt: async (_, a) =>
      rpcOk(a, 'create_post_with_quote', {
        p_discussion_id: await newDiscussion(),
        p_user_id: victim(a),
        p_content: '<p>+1</p>',
        p_parent_post_id: null,
        p_quoted_post_id: null,
      }),
  },
  {
    name: 'rpc create_post_with_quote: into a locked thread',
    allowed: NOBODY,
    attempt: async (_, a) =>
      rpcOk(a, 'create_post_with_quote', {
        p_discussion_id: await newDiscussion(true),
        p_user_id: asActorOrVictim(a),
        p_content: '<p>+1</p>',
        p_parent_post_id: null,
        p_quoted_post_id: null,
      }),
  },
  {
    name: 'rpc toggle_reaction_and_karma: as yourself',
    allowed: SIGNED_IN,
    attempt: async (_, a) =>
      rpcOk(a, 'toggle_reaction_and_karma', { p_post_id: (await otherPostInOwnersDiscussion()).p, p_user_id: asActorOrVictim(a), p_reaction_type: 'like' }),
  },
  {
    name: 'rpc toggle_reaction_and_karma: as another user',
    allowed: NOBODY,
    attempt: async (_, a) =>
      rpcOk(a, 'toggle_reaction_and_karma', { p_post_id: (await otherPostInOwnersDiscussion()).p, p_user_id: victim(a), p_reaction_type: 'like' }),
  },
  {
    name: 'rpc create_discussion_and_award_karma: as yourself',
    allowed: SIGNED_IN,
    attempt: (_, a) =>
      rpcOk(a, 'create_discussion_and_award_karma', {
        discussion_title: 'Vinyl or USB?',
        discussion_category: 'DJ Techniques',
        post_content: '<p>Discuss.</p>',
        user_id_param: asActorOrVictim(a),
        karma_to_award: 5,
      }),
  },
  {
    name: 'rpc create_discussion_and_award_karma: as another user',
    allowed: NOBODY,
    attempt: (_, a) =>
      rpcOk(a, 'create_discussion_and_award_karma', {
        discussion_title: 'Vinyl or USB?',
        discussion_category: 'DJ Techniques',
        post_content: '<p>Discuss.</p>',
        user_id_param: victim(a),
        karma_to_award: 5,
      }),
  },
  {
    name: "rpc mark_post_as_solution: in the member's discussion",
    allowed: OWNER,
    attempt: async (_, a) => {
      const { d, p } = await otherPostInOwnersDiscussion();
      await c(a).rpc('mark_post_as_solution', { p_post_id: p, p_discussion_id: d });
      return (await rowOf('posts', p)).is_solution === true;
    },
  },
  {
    name: "rpc delete_discussion_and_posts: the member's discussion",
    allowed: OWNER_AND_STAFF,
    attempt: async (_, a) => {
      const d = await newDiscussion();
      await c(a).rpc('delete_discussion_and_posts', { p_discussion_id: d });
      return (await rowOf('discussions', d))._deleted === true;
    },
  },
  {
    name: "rpc admin_update_user_role: change the other member's role",
    allowed: ADMIN,
    attempt: async (_, a) => {
      await w.db.query(`update public.profiles set role = 'fan' where id = $1`, [w.id('other')]);
      await c(a).rpc('admin_update_user_role', { target_user_id_param: w.id('other'), new_role_param: 'dj' });
      const changed = (await rowOf('profiles', w.id('other')!)).role === 'dj';
      await w.db.query(`update public.profiles set role = 'fan' where id = $1`, [w.id('other')]);
      return changed;
    },
  },
  {
    name: 'rpc admin_update_user_role: promote yourself to admin',
    allowed: NOBODY,
    attempt: async (_, a) => {
      if (a === 'admin') return rpcOk(a, 'admin_update_user_role', { target_user_id_param: w.id(a), new_role_param: 'superuser' });
      await c(a).rpc('admin_update_user_role', { target_user_id_param: asActorOrVictim(a), new_role_param: 'admin' });
      return (await rowOf('profiles', asActorOrVictim(a))).role === 'admin';
    },
  },
  { name: 'rpc get_distinct_discussion_categories', allowed: ALL, attempt: (_, a) => rpcOk(a, 'get_distinct_discussion_categories') },
  { name: 'rpc get_distinct_blog_tags', allowed: ALL, attempt: (_, a) => rpcOk(a, 'get_distinct_blog_tags') },
  {
    name: 'rpc get_my_email: own e-mail only',
    allowed: SIGNED_IN,
    attempt: async (_, a) => {
      const { data, error } = await c(a).rpc('get_my_email');
      return !error && a !== 'anon' && data === w.members[a].email;
    },
  },
  {
    name: 'rpc admin_list_profiles: everyone with e-mails',
    allowed: ADMIN,
    attempt: async (_, a) => {
      const { data, error } = await c(a).rpc('admin_list_profiles');
      return !error && (data as Array<{ email: string }>).some((p) => p.email === w.members.member.email);
    },
  },
  { name: 'rpc admin_platform_stats', allowed: ADMIN, attempt: (_, a) => rpcOk(a, 'admin_platform_stats') },
  {
    name: 'rpc universal_search',
    allowed: ALL,
    attempt: (_, a) => rpcOk(a, 'universal_search', { search_term: 'mixer', content_type: 'all', page: 1, per_page: 10 }),
  },
  { name: 'rpc username_available', allowed: ALL, attempt: (_, a) => rpcOk(a, 'username_available', { p_username: 'someone_new' }) },
  { name: 'rpc server_time', allowed: ALL, attempt: (_, a) => rpcOk(a, 'server_time') },

  // storage
  {
    name: 'storage: upload a track into your own folder',
    allowed: SIGNED_IN,
    attempt: (_, a) => uploads(a, asActorOrVictim(a), 'track', 64, 'audio/mpeg', 'mp3'),
  },
  { name: "storage: upload into the member's folder", allowed: OWNER, attempt: (_, a) => uploads(a, owner(), 'mix', 64, 'audio/mpeg', 'mp3') },
  {
    name: 'storage: upload a cover image into your own folder',
    allowed: SIGNED_IN,
    attempt: (_, a) => uploads(a, asActorOrVictim(a), 'covers', 64, 'image/png', 'png'),
  },
  {
    name: 'storage: upload a cover over 5 MB',
    allowed: NOBODY,
    attempt: (_, a) => uploads(a, asActorOrVictim(a), 'covers', COVER_MAX_BYTES + 1, 'image/png', 'png'),
  },
  {
    name: 'storage: upload a cover that is not an image',
    allowed: NOBODY,
    attempt: (_, a) => uploads(a, asActorOrVictim(a), 'covers', 64, 'audio/mpeg', 'mp3'),
  },
  {
    name: 'storage: upload a file type the bucket does not allow',
    allowed: NOBODY,
    attempt: (_, a) => uploads(a, asActorOrVictim(a), 'track', 64, 'application/x-msdownload', 'exe'),
  },
  {
    name: "storage: read the member's public file",
    allowed: ALL,
    attempt: async (_, a) => {
      const path = await ownersObject();
      const { data, error } = await c(a).storage.from(CONTENT_BUCKET).download(path);
      return !error && data !== null;
    },
  },
  {
    name: "storage: delete the member's file",
    allowed: OWNER,
    attempt: async (_, a) => {
      const path = await ownersObject();
      await c(a).storage.from(CONTENT_BUCKET).remove([path]);
      const { rows } = await w.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [CONTENT_BUCKET, path]);
      return rows.length === 0;
    },
  },
];

/** A fresh profile to follow, so follows by different actors never collide. */
let followTargets: string[] = [];
async function newMemberlessTarget(): Promise<string> {
  const id = randomUUID();
  await w.db.query(`insert into auth.users (id, email, raw_user_meta_data, created_at) values ($1, $2, $3, now())`, [
    id,
    `${id.slice(0, 8)}@target.example.test`,
    { username: `t_${id.replace(/-/g, '').slice(0, 12)}` },
  ]);
  followTargets.push(id);
  return id;
}

const cases = operations.flatMap((op) => ACTORS.map((actor) => ({ op, actor, expected: op.allowed.includes(actor) })));

describe(`permission matrix (${cases.length} cases)`, () => {
  beforeAll(async () => {
    w = await createWorld('pm');
    console.log(`[permission-matrix] ${cases.length} cases: ${operations.length} operations × ${ACTORS.length} callers`);
  });
  afterAll(async () => {
    followTargets = [];
    await w?.close();
  });

  for (const { op, actor, expected } of cases) {
    it(`${op.name} — ${actor} is ${expected ? 'allowed' : 'denied'}`, async () => {
      expect(await op.attempt(w, actor)).toBe(expected);
    });
  }
});
