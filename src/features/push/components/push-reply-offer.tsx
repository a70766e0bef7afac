import { BellRing } from 'lucide-react';
import type { RxDocument } from 'rxdb';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { PostDoc } from '@/db/schemas/posts';
import { PUSH_OFFER_DECIDED_KEY, PUSH_TEXTS } from '../constants';
import { useDevicePush } from '../hooks/use-device-push';

const NO_POSTS: RxDocument<PostDoc>[] = [];

function offerDecided(): boolean {
  try {
    return localStorage.getItem(PUSH_OFFER_DECIDED_KEY) !== null;
  } catch {
    return true;
  }
}

function decideOffer(answer: 'accepted' | 'dismissed'): void {
  try {
    localStorage.setItem(PUSH_OFFER_DECIDED_KEY, answer);
  } catch {
    // Private mode without storage: the offer may come back next time, which is harmless.
  }
}

/**
 * A gentle offer to turn push on, shown once the member has just posted a reply in this thread and
 * has never answered it: not while reading, and never again after "Not now". Mount it next to the
 * thread (the route composes it), e.g. <PushReplyOffer userId={user?.id ?? null} threadId={threadId} />.
 * It notices the reply in the local store, so the discussions feature needs no change. This device's
 * push state (the permission, the subscription, the saved preferences) is only looked up once the
 * member has replied: reading a thread costs none of it.
 */
export function PushReplyOffer({ userId, threadId }: { userId: string | null; threadId: string }) {
  // The member's replies written on this device and not yet confirmed by the server. Counting all of
  // their posts would take the thread's older posts, arriving by replication, for a reply just written.
  const { value: docs, loading } = useLiveQuery(
    (db) => (userId ? db.posts.find({ selector: { discussion_id: threadId, user_id: userId, server_modified: null } }).$ : null),
    [threadId, userId],
    NO_POSTS,
  );
  const fewest = useRef<number | null>(null);
  const [replied, setReplied] = useState(false);
  const [closed, setClosed] = useState(false);

  const count = docs.length;
  useEffect(() => {
    if (loading || !userId) return;
    if (fewest.current !== null && count > fewest.current) setReplied(true);
    fewest.current = Math.min(fewest.current ?? count, count);
  }, [count, loading, userId]);

  if (!userId || !replied || closed || offerDecided()) return null;
  return <ReplyOfferCard userId={userId} onClose={() => setClosed(true)} />;
}

function ReplyOfferCard({ userId, onClose }: { userId: string; onClose: () => void }) {
  const push = useDevicePush(userId);
  if (push.support !== 'ask' || push.loading || push.enabled) return null;

  return (
    <Card data-testid="push-reply-offer" role="region" aria-label={PUSH_TEXTS.offerTitle} className="my-4">
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center">
        <BellRing className="size-6 shrink-0 text-primary" aria-hidden />
        <div className="flex-1">
          <p className="font-medium">{PUSH_TEXTS.offerTitle}</p>
          <p className="text-sm text-muted-foreground">{PUSH_TEXTS.offerBody}</p>
          {push.message && (
            <p role="alert" className="mt-1 text-sm text-destructive">
              {push.message}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            disabled={push.busy}
            onClick={() =>
              void push.enable().then((ok) => {
                decideOffer('accepted');
                if (ok) onClose();
              })
            }
          >
            {PUSH_TEXTS.offerAccept}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              decideOffer('dismissed');
              onClose();
            }}
          >
            {PUSH_TEXTS.offerDismiss}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
