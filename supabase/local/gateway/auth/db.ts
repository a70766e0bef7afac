import type pg from 'pg';

/** Anything that runs SQL: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** Thrown inside a transaction when the work so far must be kept though the request fails (GoTrue's CommitWithError). */
export class CommitThenFail extends Error {
  constructor(readonly failure: Error) {
    super(failure.message);
  }
}

export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let committed = false;
  try {
    await client.query('begin');
    try {
      const result = await fn(client);
      await client.query('commit');
      committed = true;
      return result;
    } catch (err) {
      if (!(err instanceof CommitThenFail)) throw err;
      await client.query('commit');
      committed = true;
      throw err.failure;
    }
  } catch (err) {
    if (!committed) await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export const isUniqueViolation = (err: unknown): boolean => (err as { code?: string } | null)?.code === '23505';
