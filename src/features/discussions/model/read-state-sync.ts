import { getSupabase } from '@/launch/lazy-supabase';
import { keepHubVisit } from './read-state';

/**
 * Sends a member's hub visit to the server and answers the furthest visit the server held before it (null the
 * first time), from any of the member's devices; the device keeps that answer so it also counts offline.
 * A server call, not a replicated write: one time per member needs none of the store's (all taken) collections,
 * and the server keeps whichever time is later, so devices agree in whatever order they send.
 */
export async function exchangeHubVisit(userId: string, at: string): Promise<string | null> {
  const client = await getSupabase();
  const { data, error } = await client.rpc('mark_hub_visit', { p_at: at });
  if (error) throw new Error(error.message);
  const previous = typeof data === 'string' && !Number.isNaN(Date.parse(data)) ? new Date(data).toISOString() : null;
  if (previous) keepHubVisit(userId, previous);
  return previous;
}
