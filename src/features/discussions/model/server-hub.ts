import { discussionsSchema, type DiscussionDoc } from '@/db/schemas/discussions';
import { readServerRows, sharedServerRead } from '@/launch/server-first';
import { screenReadsServerFirst } from '@/launch/first-screen';
import { HUB_PATH } from './hub-snapshot';
import { HUB_FILTER } from './server-reads';
import { toDiscussionRow } from './row-shapes';
import type { DiscussionRow } from './types';

/** Whether the hub opening now reads the server first: the device never finished pulling the discussions. */
export function hubReadsServerFirst(): boolean {
  return screenReadsServerFirst(HUB_PATH);
}

/**
 * Every discussion header as the server has it: the same rows the store pulls (it keeps them all), so the
 * hub filters, sorts and pages them with the same code and shows the same page once the store has them.
 */
export function serverDiscussions(): Promise<DiscussionRow[]> {
  return sharedServerRead('hub', async () => (await readServerRows<DiscussionDoc>('discussions', discussionsSchema, HUB_FILTER)).map(toDiscussionRow));
}
