import { v5 as uuidv5 } from 'uuid';
import type { BookmarkableType } from './schemas/pinned';

/**
 * Every replicated table's primary and foreign keys are uuids. A string that
 * is not one (a typo or a truncated link) must never reach a pull filter:
 * PostgREST refuses the whole request with 400 for one bad element of an
 * `in.(...)` list, which would stop replication for every other thread too.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** Same namespace as the database's relation ids, so the server would derive the same bookmark id. */
const BOOKMARK_ID_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** One bookmark per member and item on every device (here, not with the writes: a screen showing a bookmark's state needs only this). */
export function bookmarkId(userId: string, type: BookmarkableType, entityId: string): string {
  return uuidv5(`bookmark:${userId}:${type}:${entityId}`, BOOKMARK_ID_NAMESPACE);
}
