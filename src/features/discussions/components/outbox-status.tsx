import { AlertCircle, Check, Clock } from 'lucide-react';
import { THREAD_TEXT } from '../constants';
import type { OutboxState } from '../model/types';

/** Where a member's own write stands: waiting to send, sent, or refused with the server's reason. */
export function OutboxStatus({ state }: { state: OutboxState | undefined }) {
  if (!state) return null;
  if (state.status === 'waiting') {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="outbox-status" data-state="waiting">
        <Clock className="size-3" aria-hidden />
        {THREAD_TEXT.outboxWaiting}
      </span>
    );
  }
  if (state.status === 'sent') {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="outbox-status" data-state="sent">
        <Check className="size-3" aria-hidden />
        {THREAD_TEXT.outboxSent}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-destructive" role="alert" data-testid="outbox-status" data-state="rejected">
      <AlertCircle className="size-3" aria-hidden />
      {THREAD_TEXT.outboxRejected}
      {state.reason ? `: ${state.reason}` : ''}
    </span>
  );
}
