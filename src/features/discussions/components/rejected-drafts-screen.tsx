import { Link } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { useDatabase } from '@/db/hooks/use-database';
import { isUuid } from '@/db/ids';
import type { DraftDoc } from '@/db/schemas/drafts';
import { rejectedDrafts$ } from '@/db/sync-status';
import { useDocumentTitle } from '@/lib/document-title';
import { DRAFTS_TEXT, THREAD_TEXT } from '../constants';
import { copyDraftText, draftText } from '../model/drafts';
import { clearDraft } from '../model/writes';

const NO_DRAFTS: DraftDoc[] = [];

/** The discussion a refused write belonged to, when it names one. */
function discussionOf(draft: DraftDoc): string | null {
  if (draft.collection_name !== 'posts' && draft.collection_name !== 'discussions') return null;
  return isUuid(draft.key) ? draft.key : null;
}

/**
 * Every write of this member the server refused for good (locked or deleted
 * thread, permission lost, invalid), with the reason and the whole text, so
 * it can be copied and sent again wherever the member can still write.
 */
export function RejectedDraftsScreen({ memberId }: { memberId: string | null }) {
  useDocumentTitle(DRAFTS_TEXT.title);
  const db = useDatabase();
  const drafts = useLiveQuery(rejectedDrafts$, [], NO_DRAFTS);
  const mine = drafts.value.filter((d) => !d.user_id || d.user_id === memberId);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4" data-testid="rejected-drafts">
      <h1 className="text-2xl font-bold">{DRAFTS_TEXT.title}</h1>
      <p className="text-muted-foreground">{DRAFTS_TEXT.intro}</p>
      {!memberId ? (
        <p>{DRAFTS_TEXT.signedOut}</p>
      ) : drafts.loading ? (
        <div aria-busy="true" aria-label={THREAD_TEXT.loading}>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : mine.length === 0 ? (
        <p>{DRAFTS_TEXT.empty}</p>
      ) : (
        <ul className="space-y-3">
          {mine.map((draft) => {
            const text = draftText(draft);
            const discussionId = discussionOf(draft);
            return (
              <li key={draft.id}>
                <Card className="space-y-2 border-destructive p-3" data-testid="rejected-draft">
                  <p className="flex items-center gap-2 text-sm font-medium text-destructive">
                    <AlertCircle className="size-4 shrink-0" aria-hidden />
                    {THREAD_TEXT.outboxRejected}
                    {draft.reason ? `: ${draft.reason}` : ''}
                  </p>
                  <p className="whitespace-pre-wrap break-words text-sm" data-testid="rejected-draft-text">
                    {text}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => void copyDraftText(text)}>
                      {DRAFTS_TEXT.copy}
                    </Button>
                    {discussionId ? (
                      <Button asChild size="sm" variant="outline">
                        <Link to="/discussions/thread/$threadId" params={{ threadId: discussionId }}>
                          {DRAFTS_TEXT.openDiscussion}
                        </Link>
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        if (db) void clearDraft(db, draft.id);
                      }}
                    >
                      {THREAD_TEXT.discard}
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
