import { Search, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { NativeSelect } from '@/components/ui/native-select';
import { ALL_CATEGORIES, HUB_SORTS, HUB_TEXT, type HubSort } from '../constants';

type HubToolbarProps = {
  q: string;
  category: string;
  sort: HubSort;
  categories: string[];
  onChange: (patch: { q?: string; category?: string; sort?: HubSort }) => void;
};

/** Search, category and sort; on phones folded behind one button so the discussions come first. */
export function HubToolbar({ q, category, sort, categories, onChange }: HubToolbarProps) {
  const [open, setOpen] = useState(false);
  const active = q !== '' || category !== ALL_CATEGORIES;
  return (
    <div>
      <Button
        variant="outline"
        size="sm"
        className="w-full justify-start sm:hidden"
        aria-expanded={open}
        aria-controls="hub-filters"
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal aria-hidden />
        {HUB_TEXT.filters}
        {active ? <span className="ml-auto size-2 rounded-full bg-primary" aria-hidden /> : null}
      </Button>
      <div id="hub-filters" className={cn('gap-3 sm:grid sm:grid-cols-[1fr_14rem_12rem]', open ? 'mt-2 grid' : 'hidden')} role="search">
        <div className="relative">
          <Label htmlFor="hub-search" className="sr-only">
            {HUB_TEXT.searchLabel}
          </Label>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="hub-search"
            type="search"
            value={q}
            placeholder={HUB_TEXT.searchPlaceholder}
            className="pl-9"
            onChange={(e) => onChange({ q: e.target.value })}
          />
        </div>
        {/* The system's own pickers: on a phone they open the native list, and the hub's first screen loads no popup code. */}
        <NativeSelect aria-label={HUB_TEXT.categoryLabel} data-testid="hub-category" value={category} onChange={(e) => onChange({ category: e.target.value })}>
          <option value={ALL_CATEGORIES}>{HUB_TEXT.allCategories}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label={HUB_TEXT.sortLabel} data-testid="hub-sort" value={sort} onChange={(e) => onChange({ sort: e.target.value as HubSort })}>
          {HUB_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

type PaginationProps = { page: number; totalPages: number; onPage: (page: number) => void };

/** Previous / 'Page X of Y' / Next, only when there is more than one page. */
export function HubPagination({ page, totalPages, onPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="flex items-center justify-center gap-3" aria-label="Pagination">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {HUB_TEXT.previous}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {HUB_TEXT.page(page, totalPages)}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {HUB_TEXT.next}
      </Button>
    </nav>
  );
}
