import { Link } from '@tanstack/react-router';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { usePulled } from '@/db/hooks/use-pulled';
import type { ProfileDoc } from '@/db/schemas/profiles';
import type { RxDocument } from 'rxdb';
import { roleLabel } from '@/lib/profile-rules';
import { FOLLOW_LIST_HEIGHT_PX, PROFILE_MESSAGES } from '../constants';
import { MemberAvatar } from './member-avatar';

type FollowListDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  emptyText: string;
  ids: string[];
  /** The count the header shows (the profile's own until the follows have synced). */
  count: number;
  /** Whether `ids` is the server's list yet. */
  known: boolean;
};

/** Followers or following: id, username, display_name, avatar_url and role of each member, from the local store. */
const NO_PROFILES: RxDocument<ProfileDoc>[] = [];

export function FollowListDialog({ open, onOpenChange, title, emptyText, ids, count, known }: FollowListDialogProps) {
  const key = ids.join(',');
  const profilesPulled = usePulled('profiles');
  const { value: docs, loading } = useLiveQuery((db) => (open ? db.profiles.find({ selector: { id: { $in: ids } } }).$ : null), [open, key], NO_PROFILES);
  const sorted = [...docs].sort((a, b) => (a.display_name || a.username).localeCompare(b.display_name || b.username));
  // Until the follows (and the members they name) are on the device, no rows is not "no followers".
  const pending = open && (loading || (sorted.length === 0 && (!known || (ids.length > 0 && !profilesPulled))));
  const shown = known ? ids.length : count;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{shown === 1 ? '1 member' : `${shown} members`}</DialogDescription>
        </DialogHeader>
        <ScrollArea style={{ height: FOLLOW_LIST_HEIGHT_PX }}>
          {pending ? (
            <div role="status" aria-label={PROFILE_MESSAGES.loadingMembers} className="flex flex-col gap-2 pr-3" data-testid="follow-list-loading">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : sorted.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
          ) : (
            <ul className="flex flex-col gap-1 pr-3" data-testid="follow-list">
              {sorted.map((p) => (
                <li key={p.id} data-user-id={p.id}>
                  <Link
                    to="/profile/$username"
                    params={{ username: p.username }}
                    onClick={() => onOpenChange(false)}
                    className="flex items-center gap-3 rounded-md p-2 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <MemberAvatar url={p.avatar_url} username={p.username} name={p.display_name} className="size-9" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{p.display_name || p.username}</span>
                      <span className="block truncate text-xs text-muted-foreground">@{p.username}</span>
                    </span>
                    <span className="text-xs text-muted-foreground">{roleLabel(p.role)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </ScrollArea>
      </DialogContent>
    </Dialog>
  );
}
