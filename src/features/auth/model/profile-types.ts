/** The profile row as stored in the `profiles` table (supabase/DATA_MODEL.md). */
export type Monetization = {
  tipJarEnabled: boolean;
  tipJarType: 'crypto' | 'paypal' | null;
  cryptoAddress: string | null;
  paypalEmail: string | null;
};

export type SubscriptionTier = 'free' | 'pro' | 'label';

export type ProfileRow = {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  banner_url: string | null;
  bio: string | null;
  location: string | null;
  role: string;
  genres: string[];
  social_links: Record<string, string>;
  subscription_tier: SubscriptionTier;
  monetization: Monetization | null;
  signature: string | null;
  karma: number;
  is_featured: boolean;
  followers_count?: number;
  following_count?: number;
  created_at: string;
  updated_at: string;
};

/** Fields a member may change on their own profile. */
export type ProfileUpdate = Partial<
  Pick<ProfileRow, 'username' | 'display_name' | 'bio' | 'location' | 'avatar_url' | 'banner_url' | 'genres' | 'social_links' | 'signature' | 'monetization'>
>;
