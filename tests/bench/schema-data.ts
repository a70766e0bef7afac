/**
 * A large generated community for the schema benchmark, built with
 * generate_series inside the database (seconds, not minutes). Members and
 * discussions go through the real triggers; the 200,000 posts and their
 * notifications and activities are bulk-loaded with triggers off
 * (session_replication_role = replica) and the derived discussion columns are
 * then recomputed, which is what the triggers would have produced.
 */
import type pg from 'pg';

export const BENCH_SIZE = { members: 10_000, discussions: 5_000, posts: 200_000 } as const;

const CATEGORIES = [
  'General Discussion',
  'Music Production',
  'DJ Techniques',
  'Gear & Software',
  'Events & Gigs',
  'Track Feedback',
  'Collaborations',
  'Music Discovery',
  'Industry Talk',
  'Tutorials & Resources',
  'Off-Topic',
  'Announcements',
  'Help & Support',
  'Introductions',
];
const ROLES = [
  'dj',
  'producer',
  'fan',
  'vocalist',
  'label',
  'promoter',
  'venue_owner',
  'sound_engineer',
  'visual_artist',
  'dancer',
  'music_journalist',
  'educator',
];
const WORDS = [
  'techno',
  'house',
  'mixdown',
  'sidechain',
  'vinyl',
  'bassline',
  'warehouse',
  'sunset',
  'groove',
  'synth',
  'modular',
  'analog',
  'acid',
  'garage',
  'jungle',
  'ambient',
  'dub',
  'disco',
  'headphones',
  'monitor',
  'mastering',
  'reverb',
  'compressor',
  'arrangement',
  'drop',
  'breakdown',
  'festival',
  'booking',
  'label',
  'release',
  'remix',
  'vocal',
  'sample',
  'drum',
  'kick',
  'snare',
  'hihat',
  'filter',
  'delay',
  'crowd',
  'warmup',
  'closing',
  'rotary',
  'controller',
];
const CITIES = ['Berlin', 'London', 'Detroit', 'Lisbon', 'Tokyo', 'Lagos', 'Bristol', 'Chicago', 'Paris', 'Seoul', 'Melbourne', 'Mexico City'];

const textArray = (items: readonly string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * n random words, deterministic under setseed. `outer` names an integer of the
 * enclosing row so the subquery is re-run per row instead of once.
 */
const words = (n: number, outer: string) =>
  `(select string_agg((${textArray(WORDS)})[1 + floor(random() * ${WORDS.length})::int], ' ') from generate_series(1, ${n} + 0 * (${outer})))`;

export async function generateBenchCommunity(db: pg.Client, log: (line: string) => void): Promise<void> {
  const step = async (label: string, sql: string) => {
    const t0 = Date.now();
    await db.query(sql);
    log(`${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  };

  await db.query(`select setseed(0.20261122)`);
  await step(
    `${BENCH_SIZE.members} members (sign-up trigger creates profiles)`,
    `
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
           'bench_' || i || '@bench.local', 'not-a-login', now(), '{"provider":"email"}'::jsonb,
           jsonb_build_object('username', 'bench_' || i,
                              'display_name', initcap(${words(2, 'i')}) || ' ' || i,
                              'location', (${textArray(CITIES)})[1 + i % ${CITIES.length}]),
           t, t
    from generate_series(1, ${BENCH_SIZE.members}) i,
         lateral (select now() - (random() * 730 || ' days')::interval + (i * 0) * interval '1 s' as t) at`,
  );

  await db.query(`set session_replication_role = replica`);
  await step(
    'profile details (roles, bios, karma)',
    `
    update public.profiles p
       set role = (${textArray(ROLES)})[1 + (abs(hashtext(p.username)) % ${ROLES.length})],
           bio = 'Into ' || ${words(6, 'length(p.username)')} || ' from ' || p.location,
           karma = floor(random() * 2000)::int,
           genres = array[initcap(${words(1, 'length(p.username)')}), initcap(${words(1, 'length(p.bio)')})]
     where p.username like 'bench\\_%'`,
  );
  await db.query(`set session_replication_role = origin`);

  await db.query(`create temp table bench_member as
    select row_number() over (order by id) as n, id from public.profiles where username like 'bench\\_%'`);
  await db.query(`create index on bench_member (n)`);

  await step(
    `${BENCH_SIZE.discussions} discussions (with their triggers)`,
    `
    insert into public.discussions (user_id, title, category, is_pinned, created_at, updated_at)
    select m.id, initcap(${words(5, 'i')}) || '?', (${textArray(CATEGORIES)})[1 + i % ${CATEGORIES.length}],
           i % 500 = 0, t, t
    from generate_series(1, ${BENCH_SIZE.discussions}) i
    join bench_member m on m.n = 1 + (i * 7919) % ${BENCH_SIZE.members},
    lateral (select now() - (random() * 700 + 1 + i * 0 || ' days')::interval as t) at`,
  );

  await db.query(`create temp table bench_discussion as
    select row_number() over (order by id) as n, id, user_id, created_at from public.discussions
    where author_username like 'bench\\_%'`);
  await db.query(`create index on bench_discussion (n)`);

  await db.query(`set session_replication_role = replica`);
  await step(
    `${BENCH_SIZE.posts} posts (bulk, triggers off)`,
    `
    insert into public.posts (discussion_id, user_id, content, created_at, updated_at, reactions_summary)
    select d.id, case when i <= ${BENCH_SIZE.discussions} then d.user_id else m.id end,
           '<p>' || initcap(${words(12, 'i')}) || '. ' || initcap(${words(14, 'i')}) || '.</p>', t, t,
           jsonb_build_object('like', floor(random() * 6)::int)
    from generate_series(1, ${BENCH_SIZE.posts}) i
    join bench_discussion d on d.n = 1 + (i - 1) % ${BENCH_SIZE.discussions}
    join bench_member m on m.n = 1 + (i * 31) % ${BENCH_SIZE.members},
    lateral (select least(d.created_at + ((i - 1) / ${BENCH_SIZE.discussions}) * interval '2 hours' + random() * interval '1 hour', now()) as t) at`,
  );

  await step(
    'notifications and activities for those posts (bulk)',
    `
    insert into public.notifications (user_id, type, actor_id, actor_username, content_preview, related_entity_id, target_entity_id, created_at, is_read)
    select d.user_id, 'new_reply', p.user_id, 'bench', left(p.content, 140), p.discussion_id, p.id, p.created_at, random() < 0.9
    from public.posts p join bench_discussion d on d.id = p.discussion_id
    where p.user_id <> d.user_id;
    insert into public.user_activities (user_id, activity_type, related_entity_id, related_entity_type, related_entity_title, actor_username, created_at)
    select p.user_id, 'new_post', p.discussion_id, 'discussion', 'bench', 'bench', p.created_at
    from public.posts p join bench_discussion d on d.id = p.discussion_id
    where p.user_id <> d.user_id`,
  );

  await step(
    'discussion counts and last activity (what the post triggers maintain)',
    `
    update public.discussions d set post_count = s.n, last_activity_at = s.last
    from (select discussion_id, count(*)::int as n, max(created_at) as last from public.posts group by 1) s
    where s.discussion_id = d.id`,
  );
  await db.query(`set session_replication_role = origin`);

  await step('vacuum analyze', 'vacuum analyze');
}
