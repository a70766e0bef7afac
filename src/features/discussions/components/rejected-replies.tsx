import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { AppDatabase } from '@/db/database';
import type { DraftDoc } from '@/db/schemas/drafts';
import { THREAD_TEXT } from '../constants';
import { clearDraft } from '../model/writes';

type Props = {
  db: AppDatabase;
  drafts: DraftDoc[];
  onRestore: (content: string, quotedPostId: string | null) => void;
};

/** Replies the server refused (locked meanwhile, thread deleted, permission lost), kept as drafts with the reason. */
export function RejectedReplies({ db, drafts, onRestore }: Props) {
  return (
    <div className="mb-4 space-y-2" data-testid="rejected-replies">
      {drafts.map((d) => {
        const fields = (d.fields ?? {}) as { content?: string; quoted_post_id?: string | null };
        const content = d.content ?? fields.content ?? '';
        return (
          <Card key={d.id} className="space-y-2 border-destructive p-3" role="alert">
            <p className="flex items-center gap-2 text-sm font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden />
              {THREAD_TEXT.outboxRejected}
              {d.reason ? `: ${d.reason}` : ''}
            </p>
            <p className="line-clamp-3 whitespace-pre-wrap text-sm text-muted-foreground">{content}</p>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  onRestore(content, fields.quoted_post_id ?? null);
                  void clearDraft(db, d.id);
                }}
              >
                {THREAD_TEXT.editAsDraft}
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
