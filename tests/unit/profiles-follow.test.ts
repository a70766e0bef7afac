import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database';
import { FOLLOW_ID_NAMESPACE } from '@/features/profiles/constants';
import { followRowId } from '@/features/profiles/model/follow-id';
import { toggleFollowLocal } from '@/features/profiles/model/follow';
import { v5 } from 'uuid';
import { testDatabase } from './db-support/memory-db';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('follow (the followers table)', () => {
  it('uses the deterministic uuid v5 row id of follower:following', () => {
    expect(followRowId(A, B)).toBe(v5(`${A}:${B}`, FOLLOW_ID_NAMESPACE));
    expect(followRowId(A, B)).not.toBe(followRowId(B, A));
  });

  it('toggles followed -> unfollowed -> followed on the same local row and queues each change', async () => {
    db = await testDatabase();
    expect(await toggleFollowLocal(db, A, B, false)).toEqual({ status: 'followed' });
    expect((await db.followers.findOne(followRowId(A, B)).exec())?.following_id).toBe(B);
    expect(await toggleFollowLocal(db, A, B, true)).toEqual({ status: 'unfollowed' });
    expect(await db.followers.findOne(followRowId(A, B)).exec()).toBeNull();
    expect(await toggleFollowLocal(db, A, B, false)).toEqual({ status: 'followed' });
    expect(await db.followers.count().exec()).toBe(1);
    const outbox = await db.outbox.findOne(`followers:${followRowId(A, B)}`).exec();
    expect(outbox?.state).toBe('waiting');
  });

  it('refuses to follow oneself', async () => {
    db = await testDatabase();
    await expect(toggleFollowLocal(db, A, A, false)).rejects.toThrow('You cannot follow yourself.');
  });
});
