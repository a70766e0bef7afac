import { useLiveQuery } from '@/db/hooks/use-live-query';
import { profile$ } from '../model/local-queries';
import type { AuthorProfile, Viewer } from '../model/types';

/** The signed-in member as the route hands it over (from the auth feature). */
export type MemberInput = {
  id: string;
  role: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
} | null;

/**
 * Roles are read from the member's profile in the local store, so a role
 * change that replicated in shows at once; until the profile is on the device
 * the session's copy stands in.
 */
export function useViewer(member: MemberInput): { viewer: Viewer; avatarUrl: string | null } {
  const profile = useLiveQuery<AuthorProfile | null>((db) => (member ? profile$(db, member.id) : null), [member?.id], null);
  if (!member) return { viewer: null, avatarUrl: null };
  const p = profile.value;
  return {
    viewer: {
      id: member.id,
      role: p?.role ?? member.role,
      username: p?.username ?? member.username,
      display_name: p?.display_name ?? member.display_name,
    },
    avatarUrl: p?.avatar_url ?? member.avatar_url,
  };
}
