import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryBreakingDeadlocks } from '../support/deadlock-retry';

/** A connection whose statements fail with the given errors, in turn, then succeed; it records what it ran. */
function connection(failures: Array<{ code: string; message: string }>) {
  const ran: string[] = [];
  const db = {
    query: async (sql: string) => {
      ran.push(sql);
      const failure = failures.shift();
      if (failure) throw Object.assign(new Error(failure.message), { code: failure.code });
      return { rows: [] };
    },
  };
  return { db: db as unknown as pg.Client, ran };
}

describe('a test statement Postgres cancels to break a deadlock', () => {
  it('runs again until it goes through', async () => {
    const { db, ran } = connection([
      { code: '40P01', message: 'deadlock detected' },
      { code: '40P01', message: 'deadlock detected' },
    ]);
    await queryBreakingDeadlocks(db, 'drop policy if exists "p" on storage.objects');
    expect(ran).toEqual(Array(3).fill('drop policy if exists "p" on storage.objects'));
  });

  it('is not run again for any other error, nor past its attempts', async () => {
    const other = connection([{ code: '42710', message: 'policy "p" already exists' }]);
    await expect(queryBreakingDeadlocks(other.db, 'create policy "p" on storage.objects')).rejects.toThrow('already exists');
    expect(other.ran).toHaveLength(1);

    const stuck = connection(Array(5).fill({ code: '40P01', message: 'deadlock detected' }));
    await expect(queryBreakingDeadlocks(stuck.db, 'create policy "p" on storage.objects', 5)).rejects.toThrow('deadlock detected');
    expect(stuck.ran).toHaveLength(5);
  });
});
