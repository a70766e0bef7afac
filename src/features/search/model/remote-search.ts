import { getSupabase } from '@/lib/lazy-supabase';
import type { SearchContentType } from '../constants';
import type { SearchResponse } from './types';

/** The `universal-search` function (spec B call 30); the type is left out for "all". */
export async function searchOnline(term: string, type: SearchContentType, page: number, perPage: number): Promise<SearchResponse> {
  const supabase = await getSupabase();
  const body: Record<string, unknown> = { searchTerm: term, page, perPage };
  if (type !== 'all') body.contentType = type;
  const { data, error } = await supabase.functions.invoke<SearchResponse>('universal-search', { body });
  if (error) {
    let message = error.message;
    // FunctionsHttpError carries the Response; the function answers { error }.
    const context = (error as { context?: Response }).context;
    if (context && typeof context.json === 'function') {
      try {
        message = ((await context.json()) as { error?: string }).error ?? message;
      } catch {
        // not JSON: keep the library's message
      }
    }
    throw new Error(message);
  }
  return { results: data?.results ?? [], totalCount: data?.totalCount ?? 0 };
}
