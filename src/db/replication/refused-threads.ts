import { isRequestRefusal } from './pull';
import type { RemoteTable } from './remote-table';
import { remoteFailure } from './remote-failure';

/**
 * The thread ids the server refuses in a posts filter, found by asking for halves of the list until single
 * ids remain: a few light requests, only after a refusal. Any other failure is thrown.
 */
export async function refusedThreadIds(posts: RemoteTable, threadIds: readonly string[]): Promise<string[]> {
  const refused: string[] = [];
  async function probe(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const page = await posts.selectPage({ conditions: [`discussion_id.in.(${ids.join(',')})`], limit: 1, columns: 'id' });
    if (!page.error) return;
    if (!isRequestRefusal(page.status)) throw remoteFailure(posts.name, page);
    if (ids.length === 1) {
      refused.push(ids[0]);
      return;
    }
    const half = Math.ceil(ids.length / 2);
    await probe(ids.slice(0, half));
    await probe(ids.slice(half));
  }
  await probe(threadIds);
  return refused;
}
