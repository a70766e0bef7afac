import type { TableRow } from '@/db/schemas/declare-table';

export type Monetization = {
  tipJarEnabled: boolean;
  tipJarType: 'crypto' | 'paypal' | null;
  cryptoAddress: string | null;
  paypalEmail: string | null;
};

export type SubscriptionTier = 'free' | 'pro' | 'label';

/** The row as the database types it, with the shapes this feature reads its json columns and tier as. */
export type ProfileRow = Omit<TableRow<'profiles'>, '_modified' | '_deleted' | 'search_vector' | 'social_links' | 'subscription_tier' | 'monetization'> & {
  social_links: Record<string, string>;
  subscription_tier: SubscriptionTier;
  monetization: Monetization | null;
};

/** Fields a member may change on their own profile. */
export type ProfileUpdate = Partial<
  Pick<ProfileRow, 'username' | 'display_name' | 'bio' | 'location' | 'avatar_url' | 'banner_url' | 'genres' | 'social_links' | 'signature' | 'monetization'>
>;
