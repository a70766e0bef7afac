/**
 * Signing out in a tab that does not replicate: that tab asks the replicating
 * (leader) tab to purge. Only the leader's running replication knows the
 * server's state of unsent edits, and while it runs for the member it would
 * pull back or restore whatever another tab removed.
 */
const CHANNEL = 'djcircle-sign-out';
/** How long a non-leader waits for the leader before purging on its own. */
export const LEADER_ANSWER_MS = 10_000;

interface PurgeRequest {
  kind: 'purge';
  id: string;
  userId: string;
  keepUnsent: boolean;
}

interface PurgeAnswer {
  kind: 'purged';
  id: string;
  ok: boolean;
}

export interface SignOutRelay {
  /** true once the leader purged; false when it failed or did not answer in time */
  askLeader(userId: string, keepUnsent: boolean): Promise<boolean>;
  close(): void;
}

export function openSignOutRelay(purge: (userId: string, keepUnsent: boolean) => Promise<void>, isLeader: () => boolean): SignOutRelay | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(CHANNEL);
  const waiting = new Map<string, (ok: boolean) => void>();

  channel.onmessage = (event: MessageEvent<PurgeRequest | PurgeAnswer>) => {
    const message = event.data;
    if (message?.kind === 'purged') {
      waiting.get(message.id)?.(message.ok);
      return;
    }
    if (message?.kind !== 'purge' || !isLeader()) return;
    void purge(message.userId, message.keepUnsent)
      .then(
        () => true,
        (error: unknown) => {
          console.error('Purging private data for another tab failed.', error);
          return false;
        },
      )
      .then((ok) => channel.postMessage({ kind: 'purged', id: message.id, ok } satisfies PurgeAnswer));
  };

  return {
    askLeader(userId, keepUnsent) {
      const id = crypto.randomUUID();
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => settle(false), LEADER_ANSWER_MS);
        function settle(ok: boolean) {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(ok);
        }
        waiting.set(id, settle);
        channel.postMessage({ kind: 'purge', id, userId, keepUnsent } satisfies PurgeRequest);
      });
    },
    close() {
      for (const settle of waiting.values()) settle(false);
      channel.close();
    },
  };
}
