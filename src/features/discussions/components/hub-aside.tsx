import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { cn, compareText } from '@/lib/utils';
import { ALL_CATEGORIES, HUB_ASIDE_TEXT, HUB_TOP_STARTERS } from '../constants';
import type { DiscussionRow } from '../model/types';
import { replyCount } from './discussion-card';

type Starter = { username: string; name: string; avatarUrl: string | null; count: number };

type HubAsideProps = {
  rows: DiscussionRow[];
  categories: string[];
  /** The category the list is filtered by, marked as the current one. */
  current: string;
};

function countByCategory(rows: DiscussionRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of rows) counts.set(d.category, (counts.get(d.category) ?? 0) + 1);
  return counts;
}

/** Members who started the most discussions, the busiest first (ties by name, so the order is stable). */
function topStarters(rows: DiscussionRow[]): Starter[] {
  const byUser = new Map<string, Starter>();
  for (const d of rows) {
    if (!d.author_username) continue;
    const seen = byUser.get(d.author_username);
    if (seen) seen.count += 1;
    else
      byUser.set(d.author_username, {
        username: d.author_username,
        name: d.author_display_name || d.author_username,
        avatarUrl: d.author_avatar_url,
        count: 1,
      });
  }
  return [...byUser.values()].sort((a, b) => b.count - a.count || compareText(a.name, b.name)).slice(0, HUB_TOP_STARTERS);
}

const linkClass =
  'flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The hub's side column on wide screens: the community in figures, the
 * categories as one-click filters and the members who start the most
 * discussions. Phones already have the categories behind the filter control,
 * so the column is not shown there.
 */
export function HubAside({ rows, categories, current }: HubAsideProps) {
  const counts = useMemo(() => countByCategory(rows), [rows]);
  const starters = useMemo(() => topStarters(rows), [rows]);
  const replies = useMemo(() => rows.reduce((sum, d) => sum + replyCount(d), 0), [rows]);
  return (
    <aside className="hidden space-y-4 xl:block" aria-label={HUB_ASIDE_TEXT.label} data-testid="hub-aside">
      <Card className="p-4">
        <h2 className="mb-2 text-sm font-semibold">{HUB_ASIDE_TEXT.community}</h2>
        <dl className="grid grid-cols-2 gap-2 text-center">
          <div className="flex flex-col-reverse rounded-md bg-muted p-2">
            <dt className="text-xs text-muted-foreground">{HUB_ASIDE_TEXT.discussions}</dt>
            <dd className="text-lg font-bold">{rows.length}</dd>
          </div>
          <div className="flex flex-col-reverse rounded-md bg-muted p-2">
            <dt className="text-xs text-muted-foreground">{HUB_ASIDE_TEXT.replies}</dt>
            <dd className="text-lg font-bold">{replies}</dd>
          </div>
        </dl>
      </Card>
      <Card className="p-4">
        <h2 className="mb-2 text-sm font-semibold">{HUB_ASIDE_TEXT.categories}</h2>
        <ul className="space-y-0.5">
          <li>
            <Link
              to="/discussions"
              search={{}}
              className={cn(linkClass, current === ALL_CATEGORIES && 'bg-accent font-medium')}
              aria-current={current === ALL_CATEGORIES ? 'page' : undefined}
            >
              <span>{HUB_ASIDE_TEXT.all}</span>
              <span className="text-xs text-muted-foreground">{rows.length}</span>
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c}>
              <Link
                to="/discussions"
                search={{ category: c }}
                className={cn(linkClass, current === c && 'bg-accent font-medium')}
                aria-current={current === c ? 'page' : undefined}
              >
                <span className="min-w-0 truncate">{c}</span>
                <span className="text-xs text-muted-foreground">{counts.get(c) ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      {starters.length > 0 ? (
        <Card className="p-4">
          <h2 className="mb-2 text-sm font-semibold">{HUB_ASIDE_TEXT.topStarters}</h2>
          <ul className="space-y-1">
            {starters.map((s) => (
              <li key={s.username}>
                <Link to="/profile/$username" params={{ username: s.username }} className={linkClass}>
                  <span className="flex min-w-0 items-center gap-2">
                    <Avatar className="size-6 shrink-0">
                      {s.avatarUrl ? <AvatarImage src={s.avatarUrl} alt="" /> : null}
                      <AvatarFallback className="text-[10px]">{initialsOf(s.name)}</AvatarFallback>
                    </Avatar>
                    <span className="truncate">{s.name}</span>
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{HUB_ASIDE_TEXT.started(s.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </aside>
  );
}
