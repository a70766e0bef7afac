import { Search, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
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
        <Select value={category} onValueChange={(value) => onChange({ category: value })}>
          <SelectTrigger aria-label={HUB_TEXT.categoryLabel} data-testid="hub-category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CATEGORIES}>{HUB_TEXT.allCategories}</SelectItem>
            {categories.map((c) => (
              <SelectItem key={c} value={c}>
                {c}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={sort} onValueChange={(value) => onChange({ sort: value as HubSort })}>
          <SelectTrigger aria-label={HUB_TEXT.sortLabel} data-testid="hub-sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {HUB_SORTS.map((s) => (
              <SelectItem key={s.value} value={s.value}>
                {s.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
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
