import { Link } from '@tanstack/react-router';
import { ArrowLeft, Check, Lock, LockOpen, Pencil, Pin, PinOff, Share2, Trash2, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/stores/toast-store';
import { TITLE_MAX_LENGTH, THREAD_TEXT } from '../constants';
import type { ThreadPermissions } from '../model/permissions';
import type { DiscussionRow, OutboxState } from '../model/types';
import { OutboxStatus } from './outbox-status';
import { RelativeTime } from './relative-time';

export type ThreadTools = {
  onSaveTitle: (title: string) => void;
  onTogglePin: () => void;
  onToggleLock: () => void;
  onDelete: () => void;
};

type ThreadHeaderProps = {
  discussion: DiscussionRow;
  permissions: ThreadPermissions;
  outbox: OutboxState | undefined;
  tools: ThreadTools;
  /** The route's share control; without one, the header offers its own copy-link button. */
  share?: ReactNode;
};

async function shareThread(title: string) {
  const url = window.location.href.split('?')[0];
  try {
    if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
      await navigator.share({ title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: THREAD_TEXT.linkCopied });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    toast({ variant: 'destructive', title: THREAD_TEXT.copyFailed });
  }
}

export function ThreadHeader({ discussion, permissions, outbox, tools, share }: ThreadHeaderProps) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(discussion.title);
  const author = discussion.author_display_name || discussion.author_username || '';
  const edited = discussion.updated_at !== discussion.created_at;

  function saveTitle(e: FormEvent) {
    e.preventDefault();
    setEditing(false);
    tools.onSaveTitle(title);
  }

  return (
    <header className="mb-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" asChild>
          <Link to="/discussions">
            <ArrowLeft aria-hidden />
            {THREAD_TEXT.back}
          </Link>
        </Button>
        <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label="Discussion tools">
          {share ?? (
            <Button variant="outline" size="sm" onClick={() => void shareThread(discussion.title)}>
              <Share2 aria-hidden />
              {THREAD_TEXT.share}
            </Button>
          )}
          {permissions.canPin ? (
            <Button variant="outline" size="sm" onClick={tools.onTogglePin} aria-pressed={discussion.is_pinned}>
              {discussion.is_pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
              <span className="sr-only sm:not-sr-only">{discussion.is_pinned ? THREAD_TEXT.unpin : THREAD_TEXT.pin}</span>
            </Button>
          ) : null}
          {permissions.canLock ? (
            <Button variant="outline" size="sm" onClick={tools.onToggleLock} aria-pressed={discussion.is_locked}>
              {discussion.is_locked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
              <span className="sr-only sm:not-sr-only">{discussion.is_locked ? THREAD_TEXT.unlock : THREAD_TEXT.lock}</span>
            </Button>
          ) : null}
          {permissions.canDeleteDiscussion ? (
            <ConfirmDialog
              title={THREAD_TEXT.confirmDeleteDiscussionTitle}
              description={THREAD_TEXT.confirmDeleteDiscussion}
              confirmLabel={THREAD_TEXT.confirm}
              cancelLabel={THREAD_TEXT.cancel}
              onConfirm={tools.onDelete}
              trigger={
                <Button variant="outline" size="sm" className="text-destructive">
                  <Trash2 aria-hidden />
                  <span className="sr-only sm:not-sr-only">{THREAD_TEXT.deleteDiscussion}</span>
                </Button>
              }
            />
          ) : null}
        </div>
      </div>

      {editing ? (
        <form onSubmit={saveTitle} className="flex items-center gap-2">
          <Input
            aria-label={THREAD_TEXT.titleInputLabel}
            value={title}
            maxLength={TITLE_MAX_LENGTH}
            autoFocus
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(false);
            }}
          />
          <Button type="submit" size="icon" aria-label={THREAD_TEXT.save}>
            <Check aria-hidden />
          </Button>
          <Button type="button" size="icon" variant="ghost" aria-label={THREAD_TEXT.cancel} onClick={() => setEditing(false)}>
            <X aria-hidden />
          </Button>
        </form>
      ) : (
        <h1 className="flex flex-wrap items-start gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          {discussion.is_pinned ? <Pin className="mt-2 size-5 shrink-0 text-yellow-500" role="img" aria-label={THREAD_TEXT.pinnedLabel} /> : null}
          {discussion.is_locked ? <Lock className="mt-2 size-5 shrink-0 text-red-500" role="img" aria-label={THREAD_TEXT.lockedLabel} /> : null}
          <span className="min-w-0 break-words" data-testid="thread-title">
            {discussion.title}
          </span>
          {permissions.canEditTitle ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={THREAD_TEXT.editTitle}
              onClick={() => {
                setTitle(discussion.title);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden />
            </Button>
          ) : null}
        </h1>
      )}

      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground" data-testid="thread-meta">
        <span>
          {THREAD_TEXT.startedBy}{' '}
          {discussion.author_username ? (
            <Link to="/profile/$username" params={{ username: discussion.author_username }} className="font-medium text-foreground hover:underline">
              {author}
            </Link>
          ) : (
            <span className="font-medium text-foreground">{author}</span>
          )}
        </span>
        <RelativeTime iso={discussion.created_at} />
        {edited ? (
          <span>
            (edited <RelativeTime iso={discussion.updated_at} />)
          </span>
        ) : null}
        <Badge variant="secondary">{discussion.category}</Badge>
        <OutboxStatus state={outbox} />
      </p>
    </header>
  );
}
