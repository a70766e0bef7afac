import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import ws from 'ws';
import { supabaseTable } from '@/db/replication/remote-table';

// The boundary: the network, gone as the replication reads (the request never reaches a server).
function offlineClient() {
  const fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  const client = createClient('http://127.0.0.1:9', 'anon-key', {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own; no socket is opened here
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  return { client, fetch };
}

describe("the replication's reads of a table", () => {
  it('hand a failed read back at once, so the replication decides when to try again (the client would retry for 7 s)', async () => {
    vi.useFakeTimers();
    try {
      const { client, fetch } = offlineClient();
      const table = supabaseTable(client, 'posts');
      const answers = [
        table.selectPage({ conditions: [], limit: 10 }),
        table.selectByIds(['a']),
        table.selectRanked({ conditions: [], order: [], limit: 5, columns: 'id' }),
      ];
      let settled = 0;
      for (const answer of answers) void answer.then(() => (settled += 1));
      // no time passes: a read that waited for the client's own retry would still be pending
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(3);
      for (const answer of answers)
        expect(await answer).toMatchObject({ data: null, status: 0, error: { message: expect.stringContaining('Failed to fetch') } });
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
