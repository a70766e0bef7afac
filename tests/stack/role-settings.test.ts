import { afterAll, describe, expect, it } from 'vitest';
import { testStack, withDb } from '../support/clients';

/** PostgREST's in-database configuration, which a project's migration (as `postgres`) may set as on Supabase. */

const count = () =>
  fetch(`${testStack().apiUrl}/rest/v1/profiles?select=count()`, {
    headers: { apikey: testStack().serviceRoleKey, authorization: `Bearer ${testStack().serviceRoleKey}` },
  });

afterAll(async () => {
  await withDb(async (db) => {
    await db.query('alter role authenticator reset pgrst.db_aggregates_enabled');
    await db.query(`notify pgrst, 'reload config'`);
  });
});

describe('settings of the API roles', () => {
  it('lets postgres set pgrst.* on authenticator, and PostgREST applies it on reload', async () => {
    // Off by default: aggregates are refused.
    expect((await count()).status).toBe(400);
    await withDb(async (db) => {
      await db.query(`alter role authenticator set pgrst.db_aggregates_enabled to 'true'`);
      await db.query(`notify pgrst, 'reload config'`);
    });
    await expect.poll(async () => (await count()).status, { timeout: 10_000 }).toBe(200);
    expect(await (await count()).json()).toEqual([{ count: expect.any(Number) }]);
  });

  it('still refuses postgres a parameter outside the allowed list, as hosted does', async () => {
    const refused = await withDb((db) =>
      db.query(`alter role authenticator set log_statement to 'all'`).then(
        () => null,
        (err: unknown) => err as Error & { code?: string },
      ),
    );
    expect(refused).toMatchObject({ message: 'permission denied to set parameter "log_statement"', code: '42501' });
  });
});
