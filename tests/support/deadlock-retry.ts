import type pg from 'pg';

/** Postgres's code for a statement it cancelled to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Runs one statement on `db`, again when Postgres cancelled it to break a deadlock. A policy created or dropped
 * on storage.objects takes the table's strongest lock while the storage requests of the test files beside it hold
 * and ask for its weaker ones, and Postgres then cancels one side ("deadlock detected", seen once in a full run).
 * A cancelled statement changed nothing, so running it again is safe.
 */
export async function queryBreakingDeadlocks(db: pg.Client, sql: string, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query(sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
