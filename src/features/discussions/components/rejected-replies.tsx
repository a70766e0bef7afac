import { Link } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { REJECTED_DRAFTS_PATH } from '@/lib/shell-constants';
import { DRAFTS_TEXT, THREAD_TEXT } from '../constants';
import { copyDraftText, draftText } from '../model/drafts';
import { clearDraft } from '../model/writes';

type Props = {
  db: AppDatabase;
  drafts: DraftDoc[];
  /**
   * Puts the text back into the reply editor and resolves once it is stored as
   * the thread's reply draft; null when the thread has no editor (locked).
   */
  onRestore: ((content: string, quotedPostId: string | null) => Promise<void>) | null;
};

/** Replies the server refused (locked meanwhile, thread deleted, permission lost), kept as drafts with the reason. */
export function RejectedReplies({ db, drafts, onRestore }: Props) {
  return (
    <div className="mb-4 space-y-2" data-testid="rejected-replies">
      {drafts.map((d) => {
        const fields = (d.fields ?? {}) as { quoted_post_id?: string | null };
        const content = draftText(d);
        return (
          <Card key={d.id} className="space-y-2 border-destructive p-3" role="alert">
            <p className="flex items-center gap-2 text-sm font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden />
              {THREAD_TEXT.outboxRejected}
              {d.reason ? `: ${d.reason}` : ''}
            </p>
            <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{content}</p>
            {onRestore ? null : <p className="text-sm">{DRAFTS_TEXT.lockedHint}</p>}
            <div className="flex flex-wrap gap-2">
              {onRestore ? (
                <Button
                  size="sm"
                  variant="outline"
                  // The refused copy goes only once the editor's draft holds the text: it is never on neither.
                  onClick={() => void onRestore(content, fields.quoted_post_id ?? null).then(() => clearDraft(db, d.id))}
                >
                  {THREAD_TEXT.editAsDraft}
                </Button>
              ) : null}
              <Button size="sm" variant="outline" onClick={() => void copyDraftText(content)}>
                {DRAFTS_TEXT.copy}
              </Button>
              <Button asChild size="sm" variant="ghost">
                <Link to={REJECTED_DRAFTS_PATH}>{DRAFTS_TEXT.openDrafts}</Link>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void clearDraft(db, d.id)}>
                {THREAD_TEXT.discard}
              </Button>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
