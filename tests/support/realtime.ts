import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, afterEach } from 'vitest';

/** Items pushed by realtime callbacks, and a way to wait for them. */
export class Inbox<T> {
  readonly items: T[] = [];
  readonly push = (item: T): void => {
    this.items.push(item);
  };

  async waitFor(predicate: (item: T) => boolean, what: string, timeoutMs = 8_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.items.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.items, null, 1).slice(0, 2000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Resolves once the channel is joined; rejects on a refused join or a timeout. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

export async function signToken(claims: Record<string, unknown>, secret: string, expiresIn: string | number = '1h'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(secret));
}

/**
 * Every test of the file starts with no channel (supabase-js hands back an existing channel of the same topic,
 * and a joined one takes no new listeners), and the clients' sockets close with the file.
 */
export function releaseChannelsOf(clients: SupabaseClient[]): void {
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
  });
  afterAll(async () => {
    await Promise.all(
      clients.map(async (c) => {
        await c.removeAllChannels();
        c.realtime.disconnect();
      }),
    );
  });
}
