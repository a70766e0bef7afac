import { describe, expect, it } from 'vitest';
import { withDb } from '../support/clients';

/** Server settings Supabase's Postgres image sets that show in what the API answers (`explain` output). */

describe('Postgres settings as on Supabase', () => {
  it('plans with the image’s effective_cache_size, which explain lists among its settings', async () => {
    const plan = await withDb(async (db) => {
      const result = await db.query<{ 'QUERY PLAN': [{ Settings?: Record<string, string> }] }>('explain (format json, settings) select 1');
      return result.rows[0]['QUERY PLAN'][0];
    });
    expect(plan.Settings).toMatchObject({ effective_cache_size: '128MB' });
  });

  it('writes floats in the JSON the API builds as Supabase does (15 significant digits)', async () => {
    const row = await withDb(async (db) => {
      await db.query('begin');
      try {
        // as an API session would run it
        await db.query('set local role authenticated');
        return (await db.query<{ json: string }>(`select json_build_object('sum', 0.1::float8 + 0.2, 'rank', 1::float4 / 3::float4)::text as json`)).rows[0];
      } finally {
        await db.query('rollback');
      }
    });
    expect(row.json).toBe('{"sum" : 0.3, "rank" : 0.333333}');
  });
});
