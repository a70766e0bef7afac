import { Link } from '@tanstack/react-router';
import { Bookmark, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDatabase } from '@/db/hooks/use-database';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { removeBookmark } from '@/db/pinning';
import { BOOKMARKS_SCREEN_TEXT } from '../constants';
import { fullDateTime } from '@/lib/dates';
import { bookmarks$, type BookmarkItem } from '../model/bookmarks';

const NONE: BookmarkItem[] = [];

/** The member's bookmarks, newest first, read from the device (so offline too). */
export function BookmarksScreen({ userId }: { userId: string }) {
  const db = useDatabase();
  const list = useLiveQuery((d) => bookmarks$(d, userId), [userId], NONE);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4" data-testid="bookmarks">
      <PageHeader title={BOOKMARKS_SCREEN_TEXT.title} subtitle={BOOKMARKS_SCREEN_TEXT.subtitle} icon={<Bookmark aria-hidden />} />
      {list.loading ? (
        <Skeleton className="h-24 w-full" aria-label={BOOKMARKS_SCREEN_TEXT.loading} />
      ) : list.value.length === 0 ? (
        <p className="text-muted-foreground">{BOOKMARKS_SCREEN_TEXT.empty}</p>
      ) : (
        <ul className="space-y-3">
          {list.value.map((item) => {
            const title = item.title ?? BOOKMARKS_SCREEN_TEXT.untitled;
            const { bookmark } = item;
            return (
              <li key={bookmark.id} data-testid="bookmark-row">
                <Card className="flex items-start gap-3 p-4">
                  <div className="min-w-0 flex-1 space-y-1">
                    <Link to={item.to} params={item.params} search={item.search} className="block font-medium break-words hover:underline">
                      {title}
                    </Link>
                    {bookmark.note ? <p className="text-sm break-words whitespace-pre-wrap">{bookmark.note}</p> : null}
                    {bookmark.remind_at ? (
                      <p className="text-xs text-muted-foreground">
                        {bookmark.reminded_at ? BOOKMARKS_SCREEN_TEXT.reminded : BOOKMARKS_SCREEN_TEXT.remindAt(fullDateTime(bookmark.remind_at))}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={BOOKMARKS_SCREEN_TEXT.removeLabel(title)}
                    disabled={!db}
                    onClick={() => {
                      if (db) void removeBookmark(db, bookmark.id);
                    }}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
