import { env } from '@/lib/env';
import { getSupabase } from '@/launch/lazy-supabase';
import { CONTENT_TOASTS } from '../constants';
import { combinedProgress, contentFilePath, coverFilePath, publicFileUrl } from './storage-paths';
import { uploadFile } from './upload-file';

export type NewContent = {
  userId: string;
  title: string;
  description: string;
  type: string;
  genre: string;
  tags: string[];
  contentFile: File;
  coverFile: File | null;
  isPublic: boolean;
};

/**
 * Uploads the file (progress 0-50) and the optional cover (50-100), then
 * creates the user_content row. Uploads need the
 * network, so the record is written online too: the member sees a refusal at
 * once instead of a queued row pointing at nothing.
 */
export async function submitContent(input: NewContent, onProgress: (percent: number) => void): Promise<{ id: string }> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new Error(CONTENT_TOASTS.authError.description);
  const target = { apiUrl: env.supabaseUrl, anonKey: env.supabaseAnonKey, accessToken };

  const contentPath = contentFilePath(input.userId, input.type, input.contentFile.name);
  const storedContent = await uploadFile(target, contentPath, input.contentFile, (f) => onProgress(combinedProgress('content', f)), 'content');
  onProgress(combinedProgress('content', 1));

  let coverUrl: string | null = null;
  if (input.coverFile) {
    const coverPath = coverFilePath(input.userId, input.coverFile.name);
    const storedCover = await uploadFile(target, coverPath, input.coverFile, (f) => onProgress(combinedProgress('cover', f)), 'cover');
    coverUrl = publicFileUrl(env.supabaseUrl, storedCover);
  }
  onProgress(100);

  const { data: row, error } = await supabase
    .from('user_content')
    .insert({
      user_id: input.userId,
      title: input.title.trim(),
      description: input.description.trim() || null,
      type: input.type,
      genre: input.genre || null,
      tags: input.tags,
      content_url: publicFileUrl(env.supabaseUrl, storedContent),
      cover_image_url: coverUrl,
      is_public: input.isPublic,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return row as { id: string };
}
