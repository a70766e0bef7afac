import type { User } from '@supabase/supabase-js';
import type { Monetization, ProfileRow, SubscriptionTier } from './profile-types';

/** The auth user combined with the profile, plus the raw profile. */
export type MergedUser = {
  id: string;
  aud: string;
  email: string | undefined;
  created_at: string;
  updated_at: string | undefined;
  username: string;
  display_name: string;
  avatar_url: string | null;
  banner_url: string | null;
  bio: string;
  location: string;
  role: string;
  genres: string[];
  social_links: Record<string, string>;
  subscription_tier: SubscriptionTier;
  monetization: Monetization;
  signature: string;
  karma: number;
  is_featured: boolean;
  followers_count: number;
  following_count: number;
  profile: ProfileRow | null;
};

export type AuthUserFields = Pick<User, 'id' | 'aud' | 'email' | 'created_at' | 'updated_at'>;

export const DEFAULT_MONETIZATION: Monetization = {
  tipJarEnabled: false,
  tipJarType: 'crypto',
  cryptoAddress: null,
  paypalEmail: null,
};

/** Username when no profile row exists: the e-mail's local part, else 'user_' plus the first 8 characters of the id. */
export function fallbackUsername(user: Pick<AuthUserFields, 'id' | 'email'>): string {
  const local = user.email?.split('@')[0];
  return local ? local : `user_${user.id.slice(0, 8)}`;
}

export function mergeUser(authUser: AuthUserFields, profile: ProfileRow | null): MergedUser {
  const username = profile?.username || fallbackUsername(authUser);
  return {
    id: authUser.id,
    aud: authUser.aud,
    email: authUser.email,
    created_at: authUser.created_at,
    updated_at: authUser.updated_at,
    username,
    display_name: profile?.display_name || username,
    avatar_url: profile?.avatar_url ?? null,
    banner_url: profile?.banner_url ?? null,
    bio: profile?.bio ?? '',
    location: profile?.location ?? '',
    role: profile?.role ?? 'fan',
    genres: profile?.genres ?? [],
    social_links: profile?.social_links ?? {},
    subscription_tier: profile?.subscription_tier ?? 'free',
    monetization: { ...DEFAULT_MONETIZATION, ...(profile?.monetization ?? {}) },
    signature: profile?.signature ?? '',
    karma: profile?.karma ?? 0,
    is_featured: profile?.is_featured ?? false,
    followers_count: profile?.followers_count ?? 0,
    following_count: profile?.following_count ?? 0,
    profile,
  };
}

export function isAdmin(user: Pick<MergedUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin';
}
