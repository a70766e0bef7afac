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
});
