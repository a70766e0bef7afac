import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/stack-process';
import pg from 'pg';
import { anonClient, holdSingleton, newMember, serviceClient, testStack, withDb, type TestMember } from '../support/clients';

/**
 * The local stack is a Supabase project as `supabase db push` finds it: the shared test
 * stack starts from an empty cluster, bootstraps the base, then applies every migration
 * and the seed as `postgres`, which is not a superuser, with no default privileges for
 * the API roles. Here every table, view and RPC the API roles are granted is used once
 * through PostgREST as a visitor, a member and the service role, so a grant a migration
 * forgot fails here before it fails on a hosted project.
 */

type Caller = 'anon' | 'member' | 'service';
type Probe = (client: SupabaseClient, who: TestMember) => PromiseLike<{ error: PostgrestError | null }>;

/** The cluster superuser, for what only the stack's own bootstrap may do. */
function adminUrl(): string {
  const url = new URL(testStack().dbUrl);
  url.username = 'supabase_admin';
  return url.toString();
}

const read =
  (table: string): Probe =>
  (client) =>
    client.from(table).select('*').limit(1);

/** A stamp of the online list, taken back at once, so the probe leaves nobody online for another file to count. */
const beatAndLeave: Probe = async (client) => {
  const tab = randomUUID();
  const beat = await client.rpc('presence_beat', { tab_key: tab });
  await client.rpc('presence_leave', { tab_key: tab });
  return beat;
};

let member: TestMember;
let other: TestMember;

/** How each exposed object is used, and by whom: one read or call each. */
const PROBES: Record<string, { callers: readonly Caller[]; probe: Probe }> = {
  // tables
  profiles: { callers: ['anon', 'member', 'service'], probe: read('profiles') },
  user_activities: { callers: ['anon', 'member', 'service'], probe: read('user_activities') },
  followers: { callers: ['anon', 'member', 'service'], probe: read('followers') },
  discussions: { callers: ['anon', 'member', 'service'], probe: read('discussions') },
  posts: { callers: ['anon', 'member', 'service'], probe: read('posts') },
  reactions: { callers: ['anon', 'member', 'service'], probe: read('reactions') },
  user_content: { callers: ['anon', 'member', 'service'], probe: read('user_content') },
  blog_posts: { callers: ['anon', 'member', 'service'], probe: read('blog_posts') },
  notifications: { callers: ['member', 'service'], probe: read('notifications') },
  push_subscriptions: { callers: ['member', 'service'], probe: read('push_subscriptions') },
  presence_heartbeats: { callers: ['member', 'service'], probe: read('presence_heartbeats') },
  discussion_reads: { callers: ['member', 'service'], probe: read('discussion_reads') },
  category_notification_levels: { callers: ['member', 'service'], probe: read('category_notification_levels') },
  bookmarks: { callers: ['member', 'service'], probe: read('bookmarks') },
  drafts: { callers: ['member', 'service'], probe: read('drafts') },
  member_marks: { callers: ['member', 'service'], probe: read('member_marks') },
  contact_messages: {
    callers: ['anon', 'member', 'service'],
    probe: (client) => client.from('contact_messages').insert({ name: 'Ana', email: 'ana@example.test', subject: 'Parity', message: 'Hello' }),
  },
  // views
  discussions_with_counts_and_profiles: { callers: ['anon', 'member', 'service'], probe: read('discussions_with_counts_and_profiles') },
  posts_with_profile_and_votes: { callers: ['anon', 'member', 'service'], probe: read('posts_with_profile_and_votes') },
  // RPCs
  username_available: { callers: ['anon', 'member', 'service'], probe: (c) => c.rpc('username_available', { p_username: 'nobody_parity' }) },
  server_time: { callers: ['anon', 'member', 'service'], probe: (c) => c.rpc('server_time') },
  get_user_followers: { callers: ['anon', 'member', 'service'], probe: (c, m) => c.rpc('get_user_followers', { p_user_id: m.id }) },
  get_user_following: { callers: ['anon', 'member', 'service'], probe: (c, m) => c.rpc('get_user_following', { p_user_id: m.id }) },
  discussion_categories: { callers: ['anon', 'member', 'service'], probe: (c) => c.rpc('discussion_categories') },
  get_distinct_discussion_categories: { callers: ['anon', 'member', 'service'], probe: (c) => c.rpc('get_distinct_discussion_categories') },
  get_distinct_blog_tags: { callers: ['anon', 'member', 'service'], probe: (c) => c.rpc('get_distinct_blog_tags') },
  universal_search: {
    callers: ['anon', 'member', 'service'],
    probe: (c) => c.rpc('universal_search', { search_term: 'techno', content_type: 'all', page: 1, per_page: 5 }),
  },
  forget_push_subscription: {
    callers: ['anon', 'member', 'service'],
    probe: (c) => c.rpc('forget_push_subscription', { p_endpoint: 'https://push.example.test/none', p_auth: 'none' }),
  },
  toggle_follow: { callers: ['member'], probe: (c, m) => c.rpc('toggle_follow', { p_follower_id: m.id, p_following_id: other.id }) },
  create_discussion_and_award_karma: {
    callers: ['member'],
    probe: (c, m) =>
      c.rpc('create_discussion_and_award_karma', {
        discussion_title: `Parity check ${randomUUID().slice(0, 8)}`,
        discussion_category: 'general',
        post_content: '<p>Checking the base.</p>',
        user_id_param: m.id,
      }),
  },
  create_post_with_quote: {
    callers: ['member'],
    probe: (c, m) => c.rpc('create_post_with_quote', { p_discussion_id: randomUUID(), p_user_id: m.id, p_content: '<p>Hi</p>' }),
  },
  push_endpoint_allowed: {
    callers: ['service'],
    probe: (c) => c.rpc('push_endpoint_allowed', { p_endpoint: 'https://fcm.googleapis.com/fcm/send/parity' }),
  },
  mark_post_as_solution: { callers: ['member'], probe: (c) => c.rpc('mark_post_as_solution', { p_post_id: randomUUID(), p_discussion_id: randomUUID() }) },
  delete_discussion_and_posts: { callers: ['member'], probe: (c) => c.rpc('delete_discussion_and_posts', { p_discussion_id: randomUUID() }) },
  toggle_reaction_and_karma: { callers: ['member'], probe: (c, m) => c.rpc('toggle_reaction_and_karma', { p_post_id: randomUUID(), p_user_id: m.id }) },
  presence_heartbeat: { callers: ['member', 'service'], probe: (c) => c.rpc('presence_heartbeat') },
  online_members: { callers: ['anon', 'member', 'service'], probe: (c, m) => c.rpc('online_members', { member_ids: [m.id] }) },
  presence_beat: { callers: ['anon', 'member', 'service'], probe: beatAndLeave },
  presence_leave: { callers: ['anon', 'member', 'service'], probe: (c) => c.rpc('presence_leave', { tab_key: randomUUID() }) },
  online_summary: { callers: ['anon', 'member', 'service'], probe: (c) => c.rpc('online_summary') },
  get_my_email: { callers: ['member'], probe: (c) => c.rpc('get_my_email') },
  admin_list_profiles: { callers: ['member'], probe: (c) => c.rpc('admin_list_profiles') },
  admin_update_user_role: { callers: ['member'], probe: (c) => c.rpc('admin_update_user_role', { target_user_id_param: other.id, new_role_param: 'dj' }) },
  admin_platform_stats: { callers: ['member'], probe: (c) => c.rpc('admin_platform_stats') },
  mark_hub_visit: { callers: ['member'], probe: (c) => c.rpc('mark_hub_visit', { p_at: new Date().toISOString() }) },
};

const CALLERS: readonly Caller[] = ['anon', 'member', 'service'];
const clientFor = (caller: Caller): SupabaseClient => (caller === 'anon' ? anonClient() : caller === 'service' ? serviceClient() : member.client);

/** A refusal by grants, as opposed to the object's own checks (RLS, "only admins...") or a bad call. */
const deniedByGrants = (error: PostgrestError | null) => !!error && /^permission denied for (table|view|function|relation)/.test(error.message);

/** Every table, view and RPC the app and the edge functions name. */
function namesUsedByCode(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry)) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/\.(?:from|rpc)\(\s*['"]([a-z_]+)['"]/g)) names.add(m[1]!);
        for (const m of text.matchAll(/\btable: '([a-z_]+)'/g)) names.add(m[1]!);
      }
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'supabase', 'functions'));
  // storage buckets are not Data API objects
  names.delete('user-content-files');
  return names;
}

describe('the local stack is a hosted Supabase base', () => {
  beforeAll(async () => {
    member = await newMember('parity');
    other = await newMember('parity_other');
  });

  it('applied every migration and the seed as postgres, which is not a superuser', async () => {
    const files = readdirSync(join(ROOT, 'supabase', 'migrations'))
      .filter((f) => /^\d+_.+\.sql$/.test(f))
      .map((f) => f.split('_')[0])
      .sort();
    await withDb(async (db) => {
      const { rows: applied } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
      // Stack tests that prove what a migration may do apply throwaway ones numbered 2999… to this shared stack meanwhile.
      expect(applied.map((r) => r.version).filter((version) => !version.startsWith('2999'))).toEqual(files);
      const {
        rows: [me],
      } = await db.query(
        'select current_user as name, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb, rolreplication from pg_roles where rolname = current_user',
      );
      expect(me).toEqual({ name: 'postgres', rolsuper: false, rolbypassrls: true, rolcreaterole: true, rolcreatedb: true, rolreplication: true });
      const { rows: owners } = await db.query<{ owner: string }>(
        `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'v')`,
      );
      expect(owners).toEqual([{ owner: 'postgres' }]);
      const {
        rows: [seed],
      } = await db.query<{ n: number }>(`select count(*)::int as n from public.profiles where username = 'demo_dj'`);
      expect(seed!.n).toBe(1);
    });
  });

  it('has Supabase roles, timeouts and no default privileges for the API roles', async () => {
    await withDb(async (db) => {
      const { rows: roles } = await db.query(
        `select rolname, rolsuper, rolinherit, rolbypassrls, rolcanlogin from pg_roles
          where rolname in ('supabase_admin', 'anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
      );
      expect(roles).toEqual([
        { rolname: 'anon', rolsuper: false, rolinherit: true, rolbypassrls: false, rolcanlogin: false },
        { rolname: 'authenticated', rolsuper: false, rolinherit: true, rolbypassrls: false, rolcanlogin: false },
        { rolname: 'authenticator', rolsuper: false, rolinherit: false, rolbypassrls: false, rolcanlogin: true },
        { rolname: 'service_role', rolsuper: false, rolinherit: true, rolbypassrls: true, rolcanlogin: false },
        { rolname: 'supabase_admin', rolsuper: true, rolinherit: true, rolbypassrls: true, rolcanlogin: true },
      ]);
      const { rows: settings } = await db.query<{ role: string; config: string[] }>(
        `select r.rolname as role, s.setconfig as config from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
          where r.rolname in ('anon', 'authenticated', 'authenticator') order by r.rolname`,
      );
      expect(settings).toEqual([
        { role: 'anon', config: ['statement_timeout=3s'] },
        { role: 'authenticated', config: ['statement_timeout=8s'] },
        { role: 'authenticator', config: ['statement_timeout=8s', 'lock_timeout=8s'] },
      ]);
      const { rows: defaults } = await db.query(
        `select pg_get_userbyid(d.defaclrole) as owner, d.defaclobjtype as type, d.defaclacl::text as acl
           from pg_default_acl d where d.defaclacl::text ~ '(anon|authenticated|service_role)='`,
      );
      expect(defaults).toEqual([]);
      const {
        rows: [users],
      } = await db.query(
        `select c.relrowsecurity as rls, (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
           from pg_class c where c.oid = 'auth.users'::regclass`,
      );
      expect(users).toEqual({ rls: true, policies: 0 });
    });
  });

  it('refuses a direct DELETE on storage tables unless the transaction says it means it', async () => {
    await withDb(async (db) => {
      await expect(db.query(`delete from storage.objects where bucket_id = 'no-such-bucket'`)).rejects.toThrow(
        'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
      );
      await expect(db.query(`delete from storage.buckets where id = 'no-such-bucket'`)).rejects.toThrow(/Direct deletion/);
      await db.query('begin');
      await db.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const { rowCount } = await db.query(`delete from storage.objects where bucket_id = 'no-such-bucket'`);
      await db.query('rollback');
      expect(rowCount).toBe(0);
    });
  });

  it('says database webhooks must be enabled before push delivery can be configured', async () => {
    // A project without webhooks has no supabase_functions schema: hide it for one transaction.
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('alter schema supabase_functions rename to supabase_functions_hidden');
      await expect(admin.query(`select private.configure_push_delivery('https://example.test/functions/v1/send-push', 'key')`)).rejects.toThrow(
        'configure_push_delivery: database webhooks are not enabled on this project',
      );
    } finally {
      await admin.query('rollback').catch(() => undefined);
      await admin.end();
    }
  });

  it('covers every table, view and RPC granted to an API role, and every one the code uses', async () => {
    const exposed = await withDb(async (db) => {
      // Objects the migrations created (other tests add tables of their own while this runs).
      const { rows } = await db.query<{ name: string }>(
        `with migrated as (
           select distinct m[1] as name
             from supabase_migrations.schema_migrations s, unnest(s.statements) st,
                  regexp_matches(st, 'create\\s+(?:or\\s+replace\\s+)?(?:table|view|function)\\s+public\\.([a-z_0-9]+)', 'gi') m
         ), exposed as (
           select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
              and exists (select 1 from unnest(array['anon', 'authenticated', 'service_role']) r
                           where has_table_privilege(r, c.oid, 'select, insert, update, delete'))
           union
           select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public'
              and exists (select 1 from unnest(array['anon', 'authenticated', 'service_role']) r
                           where has_function_privilege(r, p.oid, 'execute'))
         )
         select name from exposed where name in (select name from migrated)`,
      );
      return rows.map((r) => r.name).sort();
    });
    expect(exposed).toEqual(Object.keys(PROBES).sort());
    const missing = [...namesUsedByCode()].filter((name) => !(name in PROBES));
    expect(missing).toEqual([]);
  });

  for (const [name, { callers, probe }] of Object.entries(PROBES)) {
    // a presence call waits for the online list's tests (one of which runs for two minutes) to let go of it
    const online = name.startsWith('presence_');
    it(`${name}: usable by ${callers.join(', ')}; refused by grants to the others`, { timeout: online ? 180_000 : undefined }, async () => {
      const release = online ? await holdSingleton('presence') : undefined;
      try {
        const outcome: Record<string, string> = {};
        const expected: Record<string, string> = {};
        for (const caller of CALLERS) {
          const { error } = await probe(clientFor(caller), member);
          outcome[caller] = deniedByGrants(error) ? 'denied' : error?.code?.startsWith('PGRST') ? `bad call: ${error.message}` : 'usable';
          expected[caller] = callers.includes(caller) ? 'usable' : 'denied';
        }
        expect(outcome).toEqual(expected);
      } finally {
        await release?.();
      }
    });
  }
});
