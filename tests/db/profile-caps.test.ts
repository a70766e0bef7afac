import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH } from '@/lib/profile-rules';
import { createWorld, type World } from './helpers/world';
import { SQLSTATE } from './helpers/db-contract';

/** A member writing straight to the API cannot store over-long profile text or a picture address that is not one. */

let w: World;
beforeAll(async () => {
  w = await createWorld('caps');
});
afterAll(async () => w?.close());

describe('profile caps', () => {
  it('refuses over-long name, bio and location, and malformed picture addresses; null clears a picture', async () => {
    const m = w.members.member;
    const update = (patch: Record<string, unknown>) => m.client.from('profiles').update(patch).eq('id', m.id);
    expect((await update({ display_name: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) })).error?.code).toBe(SQLSTATE.check);
    expect((await update({ bio: 'x'.repeat(BIO_MAX_LENGTH + 1) })).error?.code).toBe(SQLSTATE.check);
    expect((await update({ location: 'x'.repeat(LOCATION_MAX_LENGTH + 1) })).error?.code).toBe(SQLSTATE.check);
    expect((await update({ avatar_url: 'not a url' })).error?.code).toBe(SQLSTATE.check);
    expect((await update({ banner_url: 'javascript:alert(1)' })).error?.code).toBe(SQLSTATE.check);
    const ok = await update({
      display_name: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH),
      bio: 'x'.repeat(BIO_MAX_LENGTH),
      location: 'x'.repeat(LOCATION_MAX_LENGTH),
      avatar_url: 'https://img.example/a.png',
      banner_url: 'https://img.example/b.png',
    });
    expect(ok.error).toBeNull();
    expect((await update({ avatar_url: null, banner_url: null })).error).toBeNull();
    const { data } = await m.client.from('profiles').select('avatar_url, banner_url, bio').eq('id', m.id).single();
    expect(data).toEqual({ avatar_url: null, banner_url: null, bio: 'x'.repeat(BIO_MAX_LENGTH) });
  });

  it('the seeded members satisfy the caps', async () => {
    const { rows } = await w.db.query<{ n: string }>(
      `select count(*) as n from public.profiles where char_length(coalesce(display_name, '')) > $1 or char_length(bio) > $2 or char_length(location) > $3`,
      [DISPLAY_NAME_MAX_LENGTH, BIO_MAX_LENGTH, LOCATION_MAX_LENGTH],
    );
    expect(rows[0].n).toBe('0');
    const { rows: seeded } = await w.db.query<{ n: string }>('select count(*) as n from public.profiles');
    expect(Number(seeded[0].n)).toBeGreaterThan(10);
  });
});
