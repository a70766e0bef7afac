import { getSupabase } from '@/launch/lazy-supabase';
import { invokeFunction } from '@/lib/invoke-function';
import type { SearchContentType } from '../constants';
import type { SearchResponse } from './types';

/** The `universal-search` function; the type is left out for "all". */
export async function searchOnline(term: string, type: SearchContentType, page: number, perPage: number): Promise<SearchResponse> {
  const body: Record<string, unknown> = { searchTerm: term, page, perPage };
  if (type !== 'all') body.contentType = type;
  const data = await invokeFunction<SearchResponse>(await getSupabase(), 'universal-search', body);
  return { results: data?.results ?? [], totalCount: data?.totalCount ?? 0 };
}
