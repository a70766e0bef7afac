/**
 * Reply cost benchmark: `npm run bench -- reply`.
 *
 * Starts its own stack, makes 500 members, and times one reply (the INSERT of a post, with every trigger it
 * fires: counters, activity, the poster's read record, the notifications with their push requests and live
 * messages) into a fresh thread that 10, 100 and 500 members follow. The post trigger's function as the
 * reply fan-out migration defines it and as it was before (the definition in the read-levels migration) are
 * installed in turn on the same stack, round after round, so both are timed side by side in one run.
 * Prints medians per follower count, the ratio, the notifications each reply made (equal on both sides),
 * and the load average; merges the figures into bench-results.json under `reply`. No target: figures only.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ROOT, startStackProcess, testStackLocation } from '../support/stack-process';
import { median, recordBenchResult } from './results';

const FOLLOWERS = [10, 100, 500] as const;
const ROUNDS = Number(process.env.REPLY_ROUNDS ?? 7);

const log = (message: string) => console.log(`[reply bench] ${message}`);

/** The post trigger's function as one migration defines it. */
function effectsFunction(migration: string): string {
  const text = readFileSync(join(ROOT, 'supabase/migrations', migration), 'utf8');
  const found = /create or replace function private\.post_created_effects\(\)[\s\S]*?\n\$\$;/.exec(text);
  if (!found) throw new Error(`no post_created_effects in ${migration}`);
  return found[0];
}

const VERSIONS = {
  before: effectsFunction('20261127110000_discussion_reads_and_levels.sql'),
  after: effectsFunction('20261129150000_reply_fanout_in_one_statement.sql'),
} as const;
type Version = keyof typeof VERSIONS;

async function main() {
  log('starting a stack');
  const stack = await startStackProcess(await testStackLocation('bench-reply'));
  const db = new pg.Client({ connectionString: stack.status.DB_URL });
  try {
    await db.connect();
    const members = (
      await db.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
         select gen_random_uuid(), 'authenticated', 'authenticated', 'reply' || g || '@example.test',
                jsonb_build_object('username', 'reply_' || g), now(), now()
           from generate_series(1, $1::int) g
         returning id`,
        [Math.max(...FOLLOWERS) + 2],
      )
    ).rows.map((r) => r.id);
    const [author, replier, ...followers] = members;

    const runs: Record<Version, Record<number, number[]>> = { before: {}, after: {} };
    const made: Record<Version, Record<number, number>> = { before: {}, after: {} };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which side goes first, so neither always runs on a warmer cache.
      const order: Version[] = round % 2 ? ['after', 'before'] : ['before', 'after'];
      for (const version of order) {
        await db.query(VERSIONS[version]);
        for (const n of FOLLOWERS) {
          const thread = (
            await db.query<{ id: string }>("insert into public.discussions (user_id, title, category) values ($1, $2, 'Production') returning id", [
              author,
              `Reply cost ${version} ${n} ${round}`,
            ])
          ).rows[0].id;
          await db.query("insert into public.discussion_reads (user_id, discussion_id, level) select unnest($1::uuid[]), $2, 'following'", [
            followers.slice(0, n),
            thread,
          ]);
          const t0 = performance.now();
          const post = (
            await db.query<{ id: string }>("insert into public.posts (discussion_id, user_id, content) values ($1, $2, '<p>A reply</p>') returning id", [
              thread,
              replier,
            ])
          ).rows[0].id;
          (runs[version][n] ??= []).push(performance.now() - t0);
          made[version][n] = Number(
            (await db.query<{ n: string }>('select count(*) as n from public.notifications where target_entity_id = $1', [post])).rows[0].n,
          );
        }
      }
    }
    // The migrations' definition is the one left installed.
    await db.query(VERSIONS.after);

    const load = loadavg().map((x) => x.toFixed(2));
    const figures: Record<string, unknown> = { rounds: ROUNDS, loadAverage: load };
    for (const n of FOLLOWERS) {
      const before = median(runs.before[n]);
      const after = median(runs.after[n]);
      figures[`followers${n}`] = {
        beforeMedianMs: Math.round(before * 10) / 10,
        afterMedianMs: Math.round(after * 10) / 10,
        ratio: Math.round((after / before) * 100) / 100,
        notifications: { before: made.before[n], after: made.after[n] },
        beforeRuns: runs.before[n].map(Math.round),
        afterRuns: runs.after[n].map(Math.round),
      };
      log(
        `${n} followers: before ${before.toFixed(1)} ms, after ${after.toFixed(1)} ms (ratio ${(after / before).toFixed(2)}); notifications ${made.before[n]} / ${made.after[n]}`,
      );
    }
    log(`load average ${load.join(' ')}; ${ROUNDS} rounds, medians`);
    recordBenchResult('reply', figures);
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
