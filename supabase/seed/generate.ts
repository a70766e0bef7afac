/**
 * Writes supabase/seed.sql from the content modules: `npx tsx supabase/seed/generate.ts`
 * (`--check` exits 1 when the committed file is stale).
 *
 * The output is plain SQL for a database that has run every migration: the
 * local stack applies it once on a fresh database, and on hosted Supabase it
 * runs unchanged with `psql -1 -f supabase/seed.sql`. Rows carry stable ids and
 * `on conflict do nothing`, so running it twice adds nothing.
 *
 * The seed inserts rows like any server path would and lets the migrations'
 * triggers do the rest (profiles on sign-up, counts, karma, reactions summaries,
 * notifications, activities); it only moves the timestamps of those derived
 * rows back to the moment of the row that caused them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { planCommunity, type Community } from './community';
import { SEED_CONTENT_TYPES, SEED_MINIMUMS, isStoredUsername } from './minimums';
import { ago, insertRows, literal, type SqlValue } from './sql';

const MINUTES_PER_DAY = 24 * 60;
const avatarUrl = (username: string) => `https://api.dicebear.com/9.x/thumbs/svg?seed=${encodeURIComponent(username)}`;
const bannerUrl = (username: string) => `https://picsum.photos/seed/${encodeURIComponent(`${username}-banner`)}/1500/400`;
const coverUrl = (key: string) => `https://picsum.photos/seed/${encodeURIComponent(key)}/800/800`;
const blogCoverUrl = (slug: string) => `https://picsum.photos/seed/${encodeURIComponent(slug)}/1200/630`;
/** Where the default local stack serves the bucket; the seeded files themselves are not uploaded. */
const STORAGE_PUBLIC_BASE = 'http://127.0.0.1:54321/storage/v1/object/public/user-content-files';

function section(title: string): string {
  return `\n-- ${title} ${'-'.repeat(Math.max(0, 76 - title.length))}\n`;
}

/** bcrypt cost of seeded passwords, the same as the auth server's */
const SEED_BCRYPT_COST = 10;

function authUsers(c: Community): string {
  const rows: SqlValue[][] = c.members.map((m) => [
    '00000000-0000-0000-0000-000000000000',
    m.id,
    'authenticated',
    'authenticated',
    m.email,
    // bcrypt at cost 10, GoTrue's own cost: pgcrypto's default (6) would make the demo hashes cheap to crack.
    { raw: `extensions.crypt(${literal(m.password)}, extensions.gen_salt('bf', ${SEED_BCRYPT_COST}))` },
    ago(m.joinedDaysAgo * MINUTES_PER_DAY - 5),
    '',
    '',
    '',
    '',
    { json: { provider: 'email', providers: ['email'] } },
    { json: { username: m.username, display_name: m.displayName, location: m.location } },
    false,
    ago(m.joinedDaysAgo * MINUTES_PER_DAY),
    ago(m.joinedDaysAgo * MINUTES_PER_DAY),
    ago(m.joinedDaysAgo > 30 ? 60 * 24 * 2 : 90),
  ]);
  const identities: SqlValue[][] = c.members.map((m) => [
    m.identityId,
    m.id,
    m.id,
    { json: { sub: m.id, email: m.email, email_verified: true, phone_verified: false } },
    'email',
    ago(m.joinedDaysAgo * MINUTES_PER_DAY),
    ago(m.joinedDaysAgo * MINUTES_PER_DAY),
    ago(m.joinedDaysAgo > 30 ? 60 * 24 * 2 : 90),
  ]);
  return (
    section('members: auth users (the sign-up trigger creates their profiles)') +
    insertRows(
      'auth.users',
      [
        'instance_id',
        'id',
        'aud',
        'role',
        'email',
        'encrypted_password',
        'email_confirmed_at',
        'confirmation_token',
        'recovery_token',
        'email_change_token_new',
        'email_change',
        'raw_app_meta_data',
        'raw_user_meta_data',
        'is_super_admin',
        'created_at',
        'updated_at',
        'last_sign_in_at',
      ],
      rows,
    ) +
    insertRows('auth.identities', ['id', 'provider_id', 'user_id', 'identity_data', 'provider', 'created_at', 'updated_at', 'last_sign_in_at'], identities)
  );
}

function profiles(c: Community): string {
  const rows = c.members.map((m) => {
    const monetization = m.tipJar
      ? m.tipJar.type === 'crypto'
        ? { tipJarEnabled: true, tipJarType: 'crypto', cryptoAddress: m.tipJar.address, paypalEmail: null }
        : { tipJarEnabled: true, tipJarType: 'paypal', cryptoAddress: null, paypalEmail: m.tipJar.email }
      : { tipJarEnabled: false, tipJarType: 'crypto', cryptoAddress: null, paypalEmail: null };
    const values: SqlValue[] = [
      m.id,
      m.bio,
      m.role,
      m.genres,
      { json: m.social },
      m.tier ?? 'free',
      { json: monetization },
      m.signature ?? null,
      m.baseKarma,
      m.featured ?? false,
      m.noAvatar ? null : avatarUrl(m.username),
      bannerUrl(m.username),
    ];
    return `  (${values.map(literal).join(', ')})`;
  });
  return (
    section('profiles: what members filled in, and what only the server sets') +
    `update public.profiles p set
  bio = v.bio, role = v.role, genres = v.genres, social_links = v.social_links,
  subscription_tier = v.subscription_tier, monetization = v.monetization, signature = v.signature,
  karma = case when p.karma = 0 then v.karma else p.karma end,
  is_featured = v.is_featured, avatar_url = v.avatar_url, banner_url = v.banner_url
from (values
${rows.join(',\n')}
) as v (id, bio, role, genres, social_links, subscription_tier, monetization, signature, karma, is_featured, avatar_url, banner_url)
where p.id = v.id::uuid;
`
  );
}

function follows(c: Community): string {
  return (
    section('follows (counts, new_follower notifications and activities by trigger)') +
    insertRows(
      'public.followers',
      ['id', 'follower_id', 'following_id', 'created_at'],
      c.follows.map((f) => [f.id, f.followerId, f.followingId, ago(f.minutesAgo)]),
    )
  );
}

function forum(c: Community): string {
  const threads = [...c.threads].sort((a, b) => b.minutesAgo - a.minutesAgo);
  const locked = c.threads.filter((t) => t.thread.locked).map((t) => t.id);
  let sql = section('discussions (+5 karma and new_discussion activity by trigger)');
  // On a second run the locked thread would refuse its (already present) posts before
  // `on conflict` is consulted; it is locked again below.
  sql += `update public.discussions set is_locked = false where is_locked and id in (${locked.map(literal).join(', ')});\n`;
  sql += insertRows(
    'public.discussions',
    ['id', 'user_id', 'title', 'category', 'is_pinned', 'created_at', 'updated_at'],
    threads.map((t) => [t.id, t.authorId, t.thread.title, t.thread.category, t.thread.pinned ?? false, ago(t.minutesAgo), ago(t.minutesAgo)]),
  );
  sql += section('posts, one statement per thread in posting order (counts, replies, quotes, mentions by trigger)');
  for (const t of threads) {
    sql += `-- ${t.thread.title}\n`;
    sql += insertRows(
      'public.posts',
      ['id', 'discussion_id', 'user_id', 'parent_post_id', 'quoted_post_id', 'content', 'created_at', 'updated_at'],
      t.posts.map((p) => [
        p.id,
        p.discussionId,
        p.authorId,
        p.quotedPostId,
        p.quotedPostId,
        p.content,
        ago(p.minutesAgo),
        ago(p.editedMinutesAgo ?? p.minutesAgo),
      ]),
    );
  }
  sql += section('likes (reactions summaries, karma and like_content notifications by trigger)');
  sql += insertRows(
    'public.reactions',
    ['id', 'post_id', 'user_id', 'reaction_type', 'created_at'],
    c.reactions.map((r) => [r.id, r.postId, r.userId, 'like', ago(r.minutesAgo)]),
  );

  const solutions = c.threads.flatMap((t) => t.posts.filter((p) => p.isSolution).map((p) => p.id));
  sql += section('accepted answers (provided_solution activity by trigger)');
  sql += `update public.posts set is_solution = true where not is_solution and id in (\n${solutions.map((id) => `  ${literal(id)}`).join(',\n')}\n);\n`;
  sql += section('locked last: a locked thread takes no more posts, even from the seed');
  sql += `update public.discussions set is_locked = true where id in (${locked.map(literal).join(', ')});\n`;
  return sql;
}

function uploads(c: Community): string {
  return (
    section('tracks, mixes and sample packs (new_content_upload activity by trigger for public ones)') +
    insertRows(
      'public.user_content',
      ['id', 'user_id', 'title', 'description', 'type', 'genre', 'tags', 'content_url', 'cover_image_url', 'is_public', 'created_at', 'updated_at'],
      [...c.uploads]
        .sort((a, b) => b.daysAgo - a.daysAgo)
        .map((u) => {
          const minutes = u.daysAgo * MINUTES_PER_DAY - 37;
          const stamp = 1_760_000_000_000 + (400 - u.daysAgo) * 86_400_000;
          return [
            u.id,
            u.ownerId,
            u.title,
            u.description,
            u.type,
            u.genre,
            u.tags,
            `${STORAGE_PUBLIC_BASE}/${u.ownerId}/${u.type}/${stamp}_${u.file}`,
            coverUrl(`${u.owner}-${u.file}`),
            u.isPublic,
            ago(minutes),
            ago(minutes),
          ];
        }),
    )
  );
}

function blog(c: Community): string {
  return (
    section('The Beat Drop: published posts and drafts') +
    insertRows(
      'public.blog_posts',
      [
        'id',
        'title',
        'slug',
        'content',
        'content_markdown',
        'excerpt',
        'author_id',
        'status',
        'is_featured',
        'published_at',
        'cover_image_url',
        'tags',
        'created_at',
        'updated_at',
      ],
      [...c.blogPosts]
        .sort((a, b) => b.daysAgo - a.daysAgo)
        .map((b) => {
          const minutes = b.daysAgo * MINUTES_PER_DAY - 180;
          return [
            b.id,
            b.title,
            b.slug,
            b.body,
            b.body,
            b.excerpt,
            b.authorId,
            b.status,
            b.featured ?? false,
            b.status === 'published' ? ago(minutes) : null,
            blogCoverUrl(b.slug),
            b.tags,
            ago(minutes + 2 * MINUTES_PER_DAY),
            ago(minutes),
          ];
        }),
    )
  );
}

/**
 * Triggers stamp notifications and activities with the transaction time; move
 * each back to the row that caused it so feeds read like months of history.
 */
function backdateDerivedRows(): string {
  return (
    section('history: derived rows take the time of what caused them') +
    `update public.notifications n set created_at = p.created_at
from public.posts p
where n.type in ('new_reply', 'discussion_mention') and n.target_entity_id = p.id and n.created_at <> p.created_at;

update public.notifications n set created_at = r.created_at
from public.reactions r
where n.type = 'like_content' and r.post_id = n.target_entity_id and r.user_id = n.actor_id and n.created_at <> r.created_at;

update public.notifications n set created_at = f.created_at
from public.followers f
where n.type = 'new_follower' and f.follower_id = n.actor_id and f.following_id = n.user_id and n.created_at <> f.created_at;

-- Older notifications have been seen; the last few days stay unread so the bell has a badge.
update public.notifications set is_read = true
where not is_read and created_at < now() - interval '4 days';

update public.user_activities a set created_at = d.created_at
from public.discussions d
where a.activity_type = 'new_discussion' and a.related_entity_id = d.id and a.created_at <> d.created_at;

-- new_post rows name the thread, not the post: pair them with the member's replies in order.
with activity as (
  select a.id, row_number() over (partition by a.user_id, a.related_entity_id order by a._modified, a.id) as n
  from public.user_activities a where a.activity_type = 'new_post'
), thread_post as (
  select p.created_at, p.user_id, p.discussion_id,
         row_number() over (partition by p.discussion_id order by p.created_at, p.id) as position
  from public.posts p
), reply as (
  select created_at, user_id, discussion_id,
         row_number() over (partition by user_id, discussion_id order by created_at) as n
  from thread_post where position > 1
), paired as (
  select activity.id, reply.created_at
  from activity join public.user_activities a on a.id = activity.id
  join reply on reply.user_id = a.user_id and reply.discussion_id = a.related_entity_id and reply.n = activity.n
)
update public.user_activities a set created_at = paired.created_at
from paired where a.id = paired.id and a.created_at <> paired.created_at;

update public.user_activities a set created_at = f.created_at
from public.followers f
where (a.activity_type = 'followed_user' and f.follower_id = a.user_id and f.following_id = a.related_entity_id
       or a.activity_type = 'was_followed_by' and f.following_id = a.user_id and f.follower_id = a.related_entity_id)
  and a.created_at <> f.created_at;

update public.user_activities a set created_at = c.created_at
from public.user_content c
where a.activity_type = 'new_content_upload' and a.related_entity_id = c.id and a.created_at <> c.created_at;

update public.user_activities a set created_at = least(p.created_at + interval '3 hours', now() - interval '1 minute')
from public.posts p
where a.activity_type = 'provided_solution' and p.is_solution and p.discussion_id = a.related_entity_id
  and p.user_id = a.user_id and a.created_at > p.created_at + interval '3 hours';

update public.user_activities a set created_at = pr.created_at + interval '1 day'
from public.profiles pr
where a.activity_type = 'updated_profile' and a.user_id = pr.id and a.created_at > pr.created_at + interval '1 day';

update public.profiles set updated_at = created_at + interval '1 day'
where updated_at > created_at + interval '1 day';
`
  );
}

/** The content must keep meeting the issue's minimums; fail loudly while generating, not in a demo. */
function assertMinimums(c: Community): void {
  const posts = c.threads.flatMap((t) => t.posts);
  const checks: Array<[string, number, number]> = [
    ['members', c.members.length, SEED_MINIMUMS.members],
    ['discussions', c.threads.length, SEED_MINIMUMS.discussions],
    ['categories', new Set(c.threads.map((t) => t.thread.category)).size, SEED_MINIMUMS.categories],
    ['pinned discussions', c.threads.filter((t) => t.thread.pinned).length, SEED_MINIMUMS.pinnedDiscussions],
    ['locked discussions', c.threads.filter((t) => t.thread.locked).length, SEED_MINIMUMS.lockedDiscussions],
    ['posts', posts.length, SEED_MINIMUMS.posts],
    ['quotes', posts.filter((p) => p.quotedPostId).length, SEED_MINIMUMS.quotes],
    ['mentions', posts.filter((p) => /(^|\s)@[a-z0-9_]{3,20}/.test(p.content)).length, SEED_MINIMUMS.mentions],
    ['likes', c.reactions.length, SEED_MINIMUMS.likes],
    ['solutions', posts.filter((p) => p.isSolution).length, SEED_MINIMUMS.solutions],
    ['follows', c.follows.length, SEED_MINIMUMS.follows],
    ['published blog posts', c.blogPosts.filter((b) => b.status === 'published').length, SEED_MINIMUMS.publishedBlogPosts],
    ['draft blog posts', c.blogPosts.filter((b) => b.status === 'draft').length, SEED_MINIMUMS.draftBlogPosts],
    ['private uploads', c.uploads.filter((u) => !u.isPublic).length, SEED_MINIMUMS.privateUploads],
    ...SEED_CONTENT_TYPES.map((type): [string, number, number] => [
      `${type} uploads`,
      c.uploads.filter((u) => u.type === type).length,
      SEED_MINIMUMS.uploadsPerType,
    ]),
  ];
  const short = checks.filter(([, actual, minimum]) => actual < minimum);
  const badNames = c.members.filter((m) => !isStoredUsername(m.username)).map((m) => m.username);
  if (short.length > 0 || badNames.length > 0) {
    throw new Error(
      [...short.map(([name, actual, minimum]) => `${name}: ${actual} < ${minimum}`), ...badNames.map((n) => `invalid username: ${n}`)].join('\n'),
    );
  }
}

export function renderSeed(c: Community = planCommunity()): string {
  assertMinimums(c);
  const postCount = c.threads.reduce((n, t) => n + t.posts.length, 0);
  const header = `-- DJ Circle demo community. GENERATED by supabase/seed/generate.ts: edit the
-- content modules in supabase/seed/ and regenerate, do not edit this file.
--
-- ${c.members.length} members, ${c.follows.length} follows, ${c.threads.length} discussions, ${postCount} posts,
-- ${c.reactions.length} likes, ${c.uploads.length} uploads, ${c.blogPosts.length} blog posts.
-- Runs after the migrations as a server path (postgres): locally once on a fresh
-- database; on hosted Supabase with \`psql -1 -f supabase/seed.sql\`. Every
-- timestamp is relative to now(), so the community always looks recent.
`;
  return [header, authUsers(c), profiles(c), follows(c), forum(c), uploads(c), blog(c), backdateDerivedRows()].join('');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = join(import.meta.dirname, '..', 'seed.sql');
  const sql = renderSeed();
  if (process.argv.includes('--check')) {
    const current = readFileSync(target, 'utf8');
    if (current !== sql) {
      console.error('supabase/seed.sql is out of date: run `npx tsx supabase/seed/generate.ts`');
      process.exit(1);
    }
    console.log('supabase/seed.sql is up to date');
  } else {
    writeFileSync(target, sql);
    console.log(`wrote ${target} (${(Buffer.byteLength(sql) / 1024).toFixed(0)} KB)`);
  }
}
