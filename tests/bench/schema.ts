/**
 * Schema benchmark (issue 4, "Targets"): `npx tsx tests/bench/schema.ts`.
 *
 * Starts its own stack, loads 10,000 members, 5,000 discussions and 200,000
 * posts, then times the app's hot queries with EXPLAIN (ANALYZE, BUFFERS) as
 * the role PostgREST would use (so RLS is part of the plan), ≥ 20 runs each,
 * and a reply insert with all its triggers ≥ 200 times. Prints a table and
 * merges the figures into bench-results.json under `schema`. Exits 1 when a
 * target is missed.
 */
import { join } from 'node:path';
import pg from 'pg';
import { startStack } from '../../supabase/local/stack';
import { APP_STACK_OPTIONS } from '../../scripts/local-stack';
import { BENCH_SIZE, generateBenchCommunity } from './schema-data';
import { median, recordBenchResult } from './results';

export const SCHEMA_TARGETS = { readMedianMs: 20, insertMedianMs: 5, readRuns: 30, insertRuns: 200 } as const;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
interface ExplainJson {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
  Triggers?: Array<{ 'Trigger Name': string; Time: number; Calls: number }>;
}

interface Measurement {
  name: string;
  runs: number;
  planningMedianMs: number;
  executionMedianMs: number;
  totalMedianMs: number;
  p95TotalMs: number;
  targetMs: number;
  indexes: string[];
  seqScans: string[];
  pass: boolean;
  /** per trigger median, for the insert */
  triggers?: Record<string, number>;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const round = (x: number) => Math.round(x * 1000) / 1000;

function walk(node: PlanNode, out: { indexes: Set<string>; seqScans: Set<string> }) {
  if (node['Index Name']) out.indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) out.seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, out);
}

/** Runs one statement as the API role would: a transaction with the role and JWT claims set. */
async function explainAs(
  db: pg.Client,
  role: 'anon' | 'authenticated',
  sub: string | null,
  sql: string,
  params: unknown[],
  commit: boolean,
): Promise<ExplainJson> {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role, ...(sub ? { sub } : {}) })]);
    await db.query(`set local role ${role}`);
    const { rows } = await db.query<{ 'QUERY PLAN': ExplainJson[] }>(`explain (analyze, buffers, format json) ${sql}`, params);
    await db.query(commit ? 'commit' : 'rollback');
    return rows[0]['QUERY PLAN'][0];
  } catch (err) {
    await db.query('rollback');
    throw err;
  }
}

async function measure(
  db: pg.Client,
  name: string,
  targetMs: number,
  runs: number,
  next: (i: number) => { role: 'anon' | 'authenticated'; sub: string | null; sql: string; params: unknown[]; commit?: boolean },
): Promise<Measurement> {
  for (let i = 0; i < 3; i++) {
    const q = next(-1 - i);
    await explainAs(db, q.role, q.sub, q.sql, q.params, false);
  }
  const planning: number[] = [];
  const execution: number[] = [];
  const total: number[] = [];
  const triggerTimes = new Map<string, number[]>();
  const seen = { indexes: new Set<string>(), seqScans: new Set<string>() };
  for (let i = 0; i < runs; i++) {
    const q = next(i);
    const plan = await explainAs(db, q.role, q.sub, q.sql, q.params, q.commit ?? false);
    planning.push(plan['Planning Time']);
    execution.push(plan['Execution Time']);
    total.push(plan['Planning Time'] + plan['Execution Time']);
    walk(plan.Plan, seen);
    for (const t of plan.Triggers ?? []) {
      const list = triggerTimes.get(t['Trigger Name']) ?? [];
      list.push(t.Time);
      triggerTimes.set(t['Trigger Name'], list);
    }
  }
  const m: Measurement = {
    name,
    runs,
    planningMedianMs: round(median(planning)),
    executionMedianMs: round(median(execution)),
    totalMedianMs: round(median(total)),
    p95TotalMs: round(p95(total)),
    targetMs,
    indexes: [...seen.indexes].sort(),
    seqScans: [...seen.seqScans].sort(),
    pass: median(total) < targetMs,
  };
  if (triggerTimes.size > 0) {
    m.triggers = Object.fromEntries([...triggerTimes].map(([k, v]) => [k, round(median(v))]).sort((a, b) => Number(b[1]) - Number(a[1])));
  }
  return m;
}

/**
 * The body of universal_search (20261122101700_search_vectors.sql) for one
 * term, so EXPLAIN shows its index use: rank and count on the stored
 * search_vector columns, JSON only for the page's rows.
 */
const SEARCH_SQL = `
with q as (select websearch_to_tsquery('english'::regconfig, $1) as english, websearch_to_tsquery('simple'::regconfig, $1) as simple),
hits as (
  select 'profile'::text as type, p.id, ts_rank(p.search_vector, q.simple) as rank, p.created_at as sort_at
  from public.profiles p, q
  where not p._deleted and p.search_vector @@ q.simple
  union all
  select 'blog_post', b.id, ts_rank(b.search_vector, q.english), b.published_at
  from public.blog_posts b, q
  where b.status = 'published' and not b._deleted and b.search_vector @@ q.english
  union all
  select 'discussion', d.id, ts_rank(d.search_vector, q.english), d.created_at
  from public.discussions d, q
  where not d._deleted and d.search_vector @@ q.english
),
page_hits as (select * from hits order by rank desc, sort_at desc nulls last, id limit 10)
select (select jsonb_agg(case h.type
          when 'profile' then jsonb_build_object('type', 'profile', 'id', p.id, 'username', p.username, 'display_name', p.display_name)
          when 'blog_post' then jsonb_build_object('type', 'blog_post', 'id', b.id, 'title', b.title)
          else jsonb_build_object('type', 'discussion', 'id', d.id, 'title', d.title, 'post_count', d.post_count) end
          order by h.rank desc, h.sort_at desc nulls last, h.id)
        from page_hits h
        left join public.profiles p on h.type = 'profile' and p.id = h.id
        left join public.blog_posts b on h.type = 'blog_post' and b.id = h.id
        left join public.discussions d on h.type = 'discussion' and d.id = h.id) as results,
       (select count(*) from hits) as total`;

async function main() {
  const log = (line: string) => console.log(`[bench:schema] ${line}`);
  const t0 = Date.now();
  const stack = await startStack({
    ...APP_STACK_OPTIONS,
    localDir: join(process.cwd(), '.local', 'bench-schema'),
    apiPort: 55921,
    dbPort: 55922,
    postgrestPort: 55923,
    reset: true,
  });
  log(`stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const db = new pg.Client({ connectionString: stack.config.dbUrl });
  await db.connect();
  try {
    await generateBenchCommunity(db, log);
    const counts = (
      await db.query(`select (select count(*) from public.profiles)::int as members, (select count(*) from public.discussions)::int as discussions,
      (select count(*) from public.posts)::int as posts, (select count(*) from public.notifications)::int as notifications`)
    ).rows[0];
    log(`data: ${JSON.stringify(counts)}`);

    const threads = (
      await db.query<{ id: string; user_id: string }>(`select id, user_id from public.discussions where author_username like 'bench\\_%' order by id limit 50`)
    ).rows;
    const members = (
      await db.query<{ id: string; username: string }>(`select id, username from public.profiles where username like 'bench\\_%' order by id limit 400`)
    ).rows;
    const { read, insert } = { read: SCHEMA_TARGETS.readMedianMs, insert: SCHEMA_TARGETS.insertMedianMs };
    const runs = SCHEMA_TARGETS.readRuns;
    const anon = (sql: string, params: unknown[] = []) => ({ role: 'anon' as const, sub: null, sql, params });
    const categories = ['Music Production', 'DJ Techniques', 'Track Feedback', 'Gear & Software', 'Industry Talk'];
    const terms = ['mixdown', 'vinyl', 'sidechain', 'warehouse', 'modular'];
    const roles = ['dj', 'producer', 'vocalist', 'label', 'fan'];

    const results: Measurement[] = [];
    const hub = `select * from public.discussions_with_counts_and_profiles`;
    results.push(
      await measure(db, 'hub list (pinned, last activity, 10)', read, runs, () => anon(`${hub} order by is_pinned desc, last_activity_at desc limit 10`)),
    );
    // PostgREST's count=exact: the page plus a count of the unpaged source, in one statement.
    results.push(
      await measure(db, 'hub list + exact count (pagination)', read, runs, () =>
        anon(`select (select count(*) from (${hub}) c) as total, page.* from (${hub} order by is_pinned desc, last_activity_at desc limit 10) page`),
      ),
    );
    results.push(
      await measure(db, 'hub list, category filter', read, runs, (i) =>
        anon(`${hub} where category = $1 order by is_pinned desc, last_activity_at desc limit 10`, [categories[Math.abs(i) % categories.length]]),
      ),
    );
    results.push(
      await measure(db, 'hub list, title search (ilike)', read, runs, (i) =>
        anon(`${hub} where title ilike $1 order by is_pinned desc, last_activity_at desc limit 10`, [`%${terms[Math.abs(i) % terms.length]}%`]),
      ),
    );
    results.push(
      await measure(db, 'thread posts with authors (oldest first)', read, runs, (i) =>
        anon(
          `select v.*, pr.username, pr.display_name, pr.avatar_url, pr.role, pr.signature, pr.karma
              from public.posts_with_profile_and_votes v join public.profiles pr on pr.id = v.user_id
             where v.discussion_id = $1 order by v.created_at`,
          [threads[Math.abs(i) % threads.length].id],
        ),
      ),
    );
    results.push(
      await measure(db, 'directory: role + newest, 12', read, runs, (i) =>
        anon(`select * from public.profiles where role = $1 order by created_at desc limit 12`, [roles[Math.abs(i) % roles.length]]),
      ),
    );
    results.push(
      await measure(db, 'directory: role + karma + search, 12', read, runs, (i) =>
        anon(
          `select * from public.profiles where role = $1 and (username ilike $2 or display_name ilike $2 or bio ilike $2)
            order by karma desc limit 12`,
          [roles[Math.abs(i) % roles.length], `%${terms[Math.abs(i) % terms.length]}%`],
        ),
      ),
    );
    results.push(
      await measure(db, 'directory: all + name search, 12', read, runs, (i) =>
        anon(`select * from public.profiles where username ilike $1 or display_name ilike $1 order by display_name asc limit 12`, [
          `%${terms[Math.abs(i) % terms.length]}%`,
        ]),
      ),
    );
    results.push(
      await measure(db, 'universal search body, two words', read, runs, (i) =>
        anon(SEARCH_SQL, [`${terms[Math.abs(i) % terms.length]} ${terms[(Math.abs(i) + 2) % terms.length]}`]),
      ),
    );
    // The bench vocabulary is small, so one word matches ~15% of profiles: a worst case for ranking.
    results.push(
      await measure(db, 'universal_search RPC, one common word', read, runs, (i) =>
        anon(`select public.universal_search($1, 'all', 1, 10)`, [terms[Math.abs(i) % terms.length]]),
      ),
    );
    results.push(
      await measure(db, 'universal_search RPC, two words', read, runs, (i) =>
        anon(`select public.universal_search($1, 'all', 1, 10)`, [`${terms[Math.abs(i) % terms.length]} ${terms[(Math.abs(i) + 2) % terms.length]}`]),
      ),
    );

    // A reply with a quote and a mention: every post trigger, RLS and FK check runs.
    const quoted = new Map<string, string>();
    for (const t of threads) {
      const { rows } = await db.query<{ id: string }>(`select id from public.posts where discussion_id = $1 order by created_at desc limit 1`, [t.id]);
      quoted.set(t.id, rows[0].id);
    }
    results.push(
      await measure(db, 'reply insert with all triggers', insert, SCHEMA_TARGETS.insertRuns, (i) => {
        const thread = threads[Math.abs(i) % threads.length];
        const author = members[Math.abs(i * 7) % members.length];
        const mentioned = members[Math.abs(i * 13 + 5) % members.length];
        return {
          role: 'authenticated',
          sub: author.id,
          commit: true,
          sql: `insert into public.posts (id, discussion_id, user_id, quoted_post_id, content) values (gen_random_uuid(), $1, $2, $3, $4)`,
          params: [
            thread.id,
            author.id,
            quoted.get(thread.id),
            `> **someone wrote:**\n> earlier words\n\nAgree with this, @${mentioned.username}, the mixdown point is key.`,
          ],
        };
      }),
    );

    printTable(results);
    const summary = {
      measuredAt: new Date().toISOString(),
      data: counts,
      size: BENCH_SIZE,
      targets: { readMedianMs: read, insertMedianMs: insert },
      allPass: results.every((r) => r.pass),
      results,
    };
    recordBenchResult('schema', summary);
    log(`wrote bench-results.json (schema) in ${((Date.now() - t0) / 1000).toFixed(0)} s total`);
    process.exitCode = summary.allPass ? 0 : 1;
  } finally {
    await db.end();
    await stack.stop();
  }
}

function printTable(results: Measurement[]) {
  const rows = results.map((r) => ({
    query: r.name,
    'plan ms': r.planningMedianMs,
    'exec ms': r.executionMedianMs,
    'median ms': r.totalMedianMs,
    'p95 ms': r.p95TotalMs,
    target: `< ${r.targetMs}`,
    ok: r.pass ? 'yes' : 'NO',
    'indexes used': r.indexes.join(', ') || '-',
    'seq scans': r.seqScans.join(', ') || '-',
  }));
  console.table(rows);
  for (const r of results) if (r.triggers) console.log(`trigger medians (ms) for "${r.name}":`, r.triggers);
}

await main();
