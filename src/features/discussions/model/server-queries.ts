import { getSupabase } from '@/launch/lazy-supabase';

export type ServerVerdict = 'unknown' | 'checking' | 'exists' | 'missing' | 'failed';

/**
 * Whether the server has this thread (and it is not deleted). Asked only when
 * the device lacks it: a thread missing locally is "not found" only when the
 * server says so. 'failed' when the server could not be asked or refused.
 */
export async function threadOnServer(threadId: string): Promise<'exists' | 'missing' | 'failed'> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.from('discussions').select('id').eq('id', threadId).eq('_deleted', false).maybeSingle();
    if (error && error.code !== 'PGRST116') return 'failed';
    return data ? 'exists' : 'missing';
  } catch {
    return 'failed';
  }
}
