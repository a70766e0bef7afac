import type { ProfileDoc } from '@/db/schemas/profiles';
import { readTipJar } from '@/lib/profile-rules';
import type { ProfileRow, SubscriptionTier } from './profile-types';

/** A profile document of the local store in the shape of the server's row. */
export function profileDocToRow(doc: ProfileDoc): ProfileRow {
  const tier = doc.subscription_tier;
  return {
    id: doc.id,
    username: doc.username,
    display_name: doc.display_name ?? null,
    avatar_url: doc.avatar_url ?? null,
    banner_url: doc.banner_url ?? null,
    bio: doc.bio ?? null,
    location: doc.location ?? null,
    role: doc.role,
    genres: doc.genres ?? [],
    social_links: (doc.social_links ?? {}) as Record<string, string>,
    subscription_tier: tier === 'pro' || tier === 'label' ? tier : ('free' as SubscriptionTier),
    monetization: doc.monetization ? readTipJar(doc.monetization) : null,
    signature: doc.signature ?? null,
    karma: doc.karma,
    is_featured: doc.is_featured ?? false,
    followers_count: doc.followers_count ?? 0,
    following_count: doc.following_count ?? 0,
    created_at: doc.created_at,
    updated_at: doc.updated_at ?? doc.created_at,
  };
}
