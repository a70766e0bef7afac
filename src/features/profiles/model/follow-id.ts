import { v5 as uuidv5 } from 'uuid';
import { FOLLOW_ID_NAMESPACE } from '../constants';

/** The follower row id is deterministic, so a follow made offline on two devices is still one row. */
export function followRowId(followerId: string, followingId: string): string {
  return uuidv5(`${followerId}:${followingId}`, FOLLOW_ID_NAMESPACE);
}
