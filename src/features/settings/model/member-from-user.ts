import { readTipJar } from '@/lib/profile-rules';
import type { SettingsMember } from './types';

/** Maps the auth context's merged user (passed in by the route) to what the settings screens edit. */
export function settingsMember(user: {
  id: string;
  username: string;
  display_name: string;
  bio: string;
  location: string;
  signature: string;
  genres: string[];
  social_links: Record<string, string>;
  avatar_url: string | null;
  banner_url: string | null;
  monetization: unknown;
}): SettingsMember {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    bio: user.bio ?? '',
    location: user.location ?? '',
    signature: user.signature ?? '',
    genres: user.genres ?? [],
    social_links: user.social_links ?? {},
    avatar_url: user.avatar_url,
    banner_url: user.banner_url,
    monetization: readTipJar(user.monetization),
  };
}
