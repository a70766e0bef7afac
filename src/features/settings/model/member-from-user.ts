import { readTipJar } from '@/lib/profile-rules';
import type { SettingsMember } from './types';

/** Maps the auth context's merged user (passed in by the route) to what the settings screens edit. */
export function settingsMember(user: Omit<SettingsMember, 'monetization'> & { monetization: unknown }): SettingsMember {
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
