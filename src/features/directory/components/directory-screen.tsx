import { Link } from '@tanstack/react-router';
import { usePulled } from '@/db/hooks/use-pulled';
import { ChevronLeft, ChevronRight, Search, Users, UserX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import type { RxDocument } from 'rxdb';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { cn } from '@/lib/utils';
import {
  DEFAULT_DIRECTORY_SORT,
  DIRECTORY_MESSAGES,
  DIRECTORY_ROLES,
  DIRECTORY_SEARCH_DEBOUNCE_MS,
  DIRECTORY_SORTS,
  ROLE_TAB_LABELS,
  SORT_LABELS,
  type DirectorySort,
} from '../constants';
import { parseCategory, queryDirectory, roleValue } from '../model/directory-query';
import { ProfileCard } from './profile-card';

// One column of compact cards on a phone, four across a desktop's width.
const GRID = 'grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4';
const NO_PROFILES: RxDocument<ProfileDoc>[] = [];

export type DirectorySearch = { q?: string; sort?: DirectorySort; page?: number };

type DirectoryScreenProps = {
  category?: string;
  search: DirectorySearch;
  /** Replaces the URL's search; the screen resets page to 1 itself when filter, sort or term change. */
  onSearchChange: (next: DirectorySearch) => void;
};

export function DirectoryScreen({ category, search, onSearchChange }: DirectoryScreenProps) {
  const role = parseCategory(category);
  const stored = roleValue(role);
  const { value: docs, loading: reading } = useLiveQuery((db) => db.profiles.find(stored ? { selector: { role: stored } } : {}).$, [stored], NO_PROFILES);
  // Nobody on the device before the first pull answered is not an empty directory.
  const pulled = usePulled('profiles');
  const loading = reading || (docs.length === 0 && !pulled);
  const [term, setTerm] = useState(search.q ?? '');
  const latest = useRef(search);
  latest.current = search;

  // Typing waits for a pause before filtering; a new term starts again at page 1.
  useEffect(() => {
    if (term === (latest.current.q ?? '')) return;
    const timer = setTimeout(() => onSearchChange({ ...latest.current, q: term || undefined, page: undefined }), DIRECTORY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, onSearchChange]);

  const result = useMemo(
    () =>
      queryDirectory(
        docs.map((d) => d.toJSON() as ProfileDoc),
        { role, q: search.q, sort: search.sort, page: search.page },
      ),
    [docs, role, search.q, search.sort, search.page],
  );
  const sort = search.sort ?? DEFAULT_DIRECTORY_SORT;
  const keep = { q: search.q, sort: search.sort };

  return (
    <div>
      {/* On a phone the subtitle gives way to the members themselves. */}
      <PageHeader
        title={DIRECTORY_MESSAGES.title}
        subtitle={<span className="hidden sm:inline">{DIRECTORY_MESSAGES.subtitle}</span>}
        icon={<Users />}
        className="mb-4 sm:mb-6"
      />
      <nav aria-label="Categories" className="mb-3 overflow-x-auto pb-2 sm:mb-4">
        <ul className="flex gap-2">
          {DIRECTORY_ROLES.map((r) => {
            const active = r === role;
            const className = cn(
              'inline-flex whitespace-nowrap rounded-full border px-3 py-1 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
            );
            return (
              <li key={r}>
                {r === 'all' ? (
                  <Link to="/directory" search={keep} className={className} aria-current={active ? 'page' : undefined}>
                    {ROLE_TAB_LABELS[r]}
                  </Link>
                ) : (
                  <Link to="/directory/$category" params={{ category: r }} search={keep} className={className} aria-current={active ? 'page' : undefined}>
                    {ROLE_TAB_LABELS[r]}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mb-4 flex gap-2 sm:mb-6 sm:gap-3">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label={DIRECTORY_MESSAGES.searchLabel}
            placeholder={DIRECTORY_MESSAGES.searchPlaceholder}
            className="pl-9"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
        <Select
          value={sort}
          onValueChange={(value) =>
            onSearchChange({ ...search, sort: value === DEFAULT_DIRECTORY_SORT ? undefined : (value as DirectorySort), page: undefined })
          }
        >
          <SelectTrigger className="w-36 shrink-0 sm:w-56" aria-label={DIRECTORY_MESSAGES.sortLabel} data-testid="directory-sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DIRECTORY_SORTS.map((s) => (
              <SelectItem key={s} value={s}>
                {SORT_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {loading ? (
        <div className={GRID} role="status" aria-label="Loading members">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : result.total === 0 ? (
        <div className="flex flex-col items-center gap-2 py-16 text-center" data-testid="directory-empty">
          <UserX className="size-12 text-muted-foreground" aria-hidden />
          <h2 className="text-xl font-semibold">{DIRECTORY_MESSAGES.empty}</h2>
          <p className="text-muted-foreground">{DIRECTORY_MESSAGES.emptyDescription}</p>
        </div>
      ) : (
        <>
          <ul className={GRID} data-testid="directory-grid">
            {result.items.map((p) => (
              <li key={p.id}>
                <ProfileCard profile={p} />
              </li>
            ))}
          </ul>
          <nav aria-label="Directory pages" className="mt-6 flex items-center justify-center gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={result.page <= 1}
              onClick={() => onSearchChange({ ...search, page: result.page - 1 === 1 ? undefined : result.page - 1 })}
            >
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <span className="text-sm text-muted-foreground" data-testid="directory-page" aria-live="polite">
              {DIRECTORY_MESSAGES.pageOf(result.page, result.pageCount)}
            </span>
            <Button variant="outline" size="sm" disabled={result.page >= result.pageCount} onClick={() => onSearchChange({ ...search, page: result.page + 1 })}>
              Next <ChevronRight aria-hidden />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
