import { describe, expect, it, vi } from 'vitest';

// The first load of the source's code fails as a dropped chunk would; the next call must load it again.
let failNext = true;
vi.mock('@/lib/import-when-online', () => ({
  importWhenOnline: <T>(load: () => Promise<T>): Promise<T> => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    }
    return load();
  },
}));

const { localFirstProfileSource } = await import('@/features/auth/model/local-profile-source');

describe('the local-first profile source', () => {
  it('loads its code again at the next call after a load that failed', async () => {
    const row = { id: 'u1', username: 'dj' };
    const db = { profiles: { findOne: () => ({ exec: async () => ({ toMutableJSON: () => row }) }) } };
    const source = localFirstProfileSource(
      () => Promise.reject(new Error('no server here')),
      // A stand-in store: only what loadProfile reads.
      async () => db as never,
    );
    await expect(source.loadProfile('u1')).rejects.toThrow('dynamically imported module');
    await expect(source.loadProfile('u1')).resolves.toMatchObject({ id: 'u1', username: 'dj' });
  });
});
