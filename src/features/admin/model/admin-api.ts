import type { SupabaseClient } from '@supabase/supabase-js';
import { invokeFunction } from '@/lib/invoke-function';
import { getSupabase } from '@/launch/lazy-supabase';
import { ADMIN_TOASTS } from '../constants';

export type AdminProfile = {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  role: string;
  karma: number;
  created_at: string;
  email: string | null;
};
export type PlatformStats = { profiles: number; discussions: number; posts: number; user_content: number };

/** Every profile with its e-mail, newest first, through the admin-only RPC. */
export async function listProfiles(): Promise<AdminProfile[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_list_profiles');
  if (error) throw new Error(error.message);
  return (data ?? []) as AdminProfile[];
}

/** The four counts, counted by the database for admins only. */
export async function platformStats(): Promise<PlatformStats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_platform_stats');
  if (error) throw new Error(error.message);
  return data as PlatformStats;
}

/** Changes a member's role through the admin-only RPC; the database refuses it for anyone but an admin. */
export async function updateRole(targetUserId: string, role: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_update_user_role', { target_user_id_param: targetUserId, new_role_param: role });
  if (error) throw new Error(error.message);
}

/** The `generate-blog-content` function: the text the language model wrote for the prompt. */
export async function generateDraft(prompt: string, client?: SupabaseClient): Promise<string> {
  const data = await invokeFunction<{ generatedContent?: string | null }>(client ?? (await getSupabase()), 'generate-blog-content', { prompt });
  if (!data?.generatedContent) throw new Error(ADMIN_TOASTS.noContent);
  return data.generatedContent;
}

/**
 * Saves a generated post as a draft, never featured. A server call, not the
 * write path: only an admin does it, online, right after the model answered.
 */
export async function createDraftPost(input: { title: string; slug: string; markdown: string; authorId: string }): Promise<{ id: string; slug: string }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('blog_posts')
    .insert({ title: input.title, slug: input.slug, content_markdown: input.markdown, author_id: input.authorId, status: 'draft', is_featured: false })
    .select('id, slug')
    .single();
  if (error) throw new Error(error.message);
  return data as { id: string; slug: string };
}
