import { afterAll, describe, expect, it } from 'vitest';
import { serviceClient, withDb } from '../support/clients';

/**
 * As on Supabase, DDL on a running stack reaches PostgREST by itself (an event trigger
 * asks it to reload its schema cache): no restart and no manual NOTIFY.
 */
describe('PostgREST schema cache', () => {
  const table = `reload_probe_${Date.now()}`;

  afterAll(async () => {
    await withDb((db) => db.query(`drop table if exists public.${table}`));
  });

  it('serves a table created on the running stack without a restart', async () => {
    const api = serviceClient();
    // PostgREST knows nothing of it yet
    const before = await api.from(table).insert({ id: 1 });
    expect(before.status).toBe(404);
    expect(before.error).not.toBeNull();

    await withDb(async (db) => {
      await db.query(`create table public.${table} (id int primary key, note text)`);
      await db.query(`grant select, insert on public.${table} to service_role`);
    });

    // The reload is asynchronous (as on Supabase): give it a moment, never a restart.
    let inserted = await api.from(table).insert({ id: 2, note: 'hello' }).select();
    for (let i = 0; i < 50 && inserted.error; i++) {
      await new Promise((r) => setTimeout(r, 100));
      inserted = await api.from(table).insert({ id: 2, note: 'hello' }).select();
    }
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ id: 2, note: 'hello' }]);

    // a column added later is usable too
    await withDb((db) => db.query(`alter table public.${table} add column extra text`));
    let updated = await api.from(table).insert({ id: 3, extra: 'x' }).select('extra');
    for (let i = 0; i < 50 && updated.error; i++) {
      await new Promise((r) => setTimeout(r, 100));
      updated = await api.from(table).insert({ id: 3, extra: 'x' }).select('extra');
    }
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ extra: 'x' }]);
  });
});
