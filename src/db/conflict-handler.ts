import { deepEqual, type RxConflictHandler } from 'rxdb';

/**
 * The default conflict rule (a table's declaration may name another): the
 * server wins, deterministic on every device. The push handler
 * (replication/push.ts) has already merged edits to different fields and kept
 * the losing local text as a 'conflict' draft before a conflict reaches here.
 */
export const serverWinsConflictHandler: RxConflictHandler<unknown> = {
  isEqual(a, b) {
    return deepEqual(a, b);
  },
  resolve(input) {
    return Promise.resolve(input.realMasterState);
  },
};
