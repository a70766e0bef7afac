import { defineTable, type DocOf } from './declare-table';
import { ID_FIELD, TIMESTAMP_FIELD } from './fields';

export const followersTable = defineTable({
  table: 'followers',
  version: 0,
  direction: 'both',
  perIdentity: false,
  membersOnly: false,
  // unfollowing removes the row
  deletable: true,
  columns: {
    id: { field: ID_FIELD, required: true, insert: true },
    follower_id: { field: ID_FIELD, required: true, insert: true },
    following_id: { field: ID_FIELD, required: true, insert: true },
    created_at: { field: TIMESTAMP_FIELD, required: true, timestamp: true },
  },
  indexes: [
    ['follower_id', 'created_at'],
    ['following_id', 'created_at'],
  ],
});

export type FollowerDoc = DocOf<typeof followersTable>;
export const followersSchema = followersTable.schema;
