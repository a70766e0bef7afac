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
    bio: doc.bio ?? '',
    location: doc.location ?? '',
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

/**
 * The session's copy of a profile row as a local document, to seed the store
 * when the row has not replicated to the device yet. `server_modified` stays
 * null: the server has not confirmed this document, replication does.
 */
export function profileRowToDoc(row: ProfileRow): ProfileDoc {
  const iso = (value: string) => new Date(value).toISOString();
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name ?? row.username,
    avatar_url: row.avatar_url,
    banner_url: row.banner_url,
    bio: row.bio,
    location: row.location,
    role: row.role,
    genres: row.genres ?? [],
    social_links: row.social_links ?? {},
    subscription_tier: row.subscription_tier,
    monetization: row.monetization,
    signature: row.signature,
    karma: row.karma,
    is_featured: row.is_featured,
    followers_count: row.followers_count ?? 0,
    following_count: row.following_count ?? 0,
    created_at: iso(row.created_at),
    updated_at: row.updated_at ? iso(row.updated_at) : null,
    server_modified: null,
  };
}
