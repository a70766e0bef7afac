import { Link, useNavigate } from '@tanstack/react-router';
import { relativeTime } from '@/lib/dates';
import { FileText, MessageSquare, Search, User } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { SizedImage } from '@/components/ui/sized-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { NativeSelect } from '@/components/ui/native-select';
import { hasPulled } from '@/db/first-pull';
import { loadDatabase } from '@/db/load-database';
import { roleLabel } from '@/lib/profile-rules';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { toast } from '@/stores/toast-store';
import {
  contentTypeOf,
  noResultsText,
  SEARCHED_COLLECTIONS,
  postCountText,
  SEARCH_PAGE_SIZE,
  SEARCH_RESULT_TAGS_SHOWN,
  SEARCH_TEXTS,
  SEARCH_TYPE_OPTIONS,
  searchErrorText,
  summaryText,
  type SearchTypeValue,
} from '../constants';
import { searchLocally } from '../model/local-search';
import { searchOnline } from '../model/remote-search';
import type { BlogPostResult, DiscussionResult, ProfileResult, SearchResponse, SearchResult } from '../model/types';

type Props = { q?: string; type?: SearchTypeValue; page?: number };

/** The search an answer belongs to: a result of an earlier term or page must not stand for this one. */
type SearchState = { key: string; loading: boolean; data: SearchResponse | null; offline: boolean; unsynced: boolean };
const IDLE: SearchState = { key: '', loading: false, data: null, offline: false, unsynced: false };

/** /search?q=&type=&page=: online through `universal-search`, offline over the device's store. */
export function SearchScreen({ q = '', type = 'all', page = 1 }: Props) {
  const navigate = useNavigate();
  const online = useConnectivityStore((s) => s.online);
  const [term, setTerm] = useState(q);
  const [selected, setSelected] = useState<SearchTypeValue>(type);
  const [state, setState] = useState<SearchState>(IDLE);
  const key = JSON.stringify([q.trim(), type, page, online]);

  useEffect(() => {
    setTerm(q);
    setSelected(type);
  }, [q, type]);

  useEffect(() => {
    if (q.trim() === '') {
      setState(IDLE);
      return;
    }
    let alive = true;
    setState({ ...IDLE, key, loading: true });
    const contentType = contentTypeOf(type);
    // Offline, the device answers; what it has never pulled it cannot know is missing.
    const unsynced = !online && SEARCHED_COLLECTIONS[contentType].some((name) => !hasPulled(name));
    const run = online
      ? searchOnline(q.trim(), contentType, page, SEARCH_PAGE_SIZE).then((data) => ({ data, offline: false }))
      : loadDatabase()
          .then((db) => searchLocally(db, q.trim(), contentType, page, SEARCH_PAGE_SIZE))
          .then((data) => ({ data, offline: true }));
    run.then(
      (r) => alive && setState({ key, loading: false, data: r.data, offline: r.offline, unsynced }),
      (err: unknown) => {
        if (!alive) return;
        setState({ ...IDLE, key });
        toast({ title: SEARCH_TEXTS.errorTitle, description: searchErrorText(err instanceof Error ? err.message : String(err)), variant: 'destructive' });
      },
    );
    return () => {
      alive = false;
    };
  }, [q, type, page, online, key]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (term.trim() === '') {
      toast({ title: SEARCH_TEXTS.termRequiredTitle, description: SEARCH_TEXTS.termRequiredDescription, variant: 'destructive' });
      return;
    }
    // A new search starts at page 1; "all" is the default and stays out of the URL.
    void navigate({ to: '/search', search: { q: term.trim(), type: selected === 'all' ? undefined : selected, page: 1 } });
  }

  function goToPage(p: number) {
    void navigate({ to: '/search', search: { q, type: type === 'all' ? undefined : type, page: p } });
  }

  // Until this very search has answered, it is loading: never the empty text of another one.
  const answered = state.key === key && !state.loading;
  const data = answered ? state.data : null;
  const totalPages = data ? Math.max(1, Math.ceil(data.totalCount / SEARCH_PAGE_SIZE)) : 1;

  return (
    <div>
      <PageHeader title={SEARCH_TEXTS.title} subtitle={SEARCH_TEXTS.subtitle} icon={<Search />} />
      <form onSubmit={submit} className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1 space-y-1">
          <Label htmlFor="search-term">{SEARCH_TEXTS.inputLabel}</Label>
          <Input id="search-term" type="search" value={term} placeholder={SEARCH_TEXTS.placeholder} onChange={(e) => setTerm(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="search-type">{SEARCH_TEXTS.typeLabel}</Label>
          <NativeSelect id="search-type" className="w-auto" value={selected} onChange={(e) => setSelected(e.target.value as SearchTypeValue)}>
            {SEARCH_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">
          <Search aria-hidden />
          {SEARCH_TEXTS.submit}
        </Button>
      </form>
      {q.trim() === '' ? (
        <p className="py-12 text-center text-muted-foreground">{SEARCH_TEXTS.start}</p>
      ) : !answered ? (
        <div className="space-y-3" role="status" aria-label={SEARCH_TEXTS.searching} aria-busy="true" data-testid="search-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : data ? (
        <div className="space-y-4">
          {state.offline ? (
            <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
              {SEARCH_TEXTS.offlineNote}
            </p>
          ) : null}
          {data.totalCount === 0 && state.unsynced ? (
            <p className="py-8 text-center text-muted-foreground" data-testid="search-not-synced">
              {SEARCH_TEXTS.notSynced}
            </p>
          ) : data.totalCount === 0 ? (
            <p className="py-8 text-center text-muted-foreground" data-testid="search-no-results">
              {noResultsText(q.trim())}
            </p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" data-testid="search-summary">
                {summaryText(data.results.length, data.totalCount)} <strong className="text-foreground">"{q.trim()}"</strong>
              </p>
              <ul className="space-y-3" aria-label="Search results">
                {data.results.map((r) => (
                  <li key={`${r.type}:${r.id}`}>
                    <ResultCard result={r} />
                  </li>
                ))}
              </ul>
              {totalPages > 1 ? (
                <nav className="flex items-center justify-center gap-3" aria-label="Pagination">
                  <Button variant="outline" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                    {SEARCH_TEXTS.previous}
                  </Button>
                  <span className="text-sm">
                    Page {page} of {totalPages}
                  </span>
                  <Button variant="outline" disabled={page >= totalPages} onClick={() => goToPage(page + 1)}>
                    {SEARCH_TEXTS.next}
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ResultCard({ result }: { result: SearchResult }) {
  if (result.type === 'profile') return <ProfileCard r={result as ProfileResult} />;
  if (result.type === 'blog_post') return <BlogCard r={result as BlogPostResult} />;
  if (result.type === 'discussion') return <DiscussionCard r={result as DiscussionResult} />;
  return (
    <Card>
      <CardContent className="pt-6 text-sm text-muted-foreground">{SEARCH_TEXTS.unknownType}</CardContent>
    </Card>
  );
}

function ProfileCard({ r }: { r: ProfileResult }) {
  const name = r.display_name || r.username;
  return (
    <Card data-testid="result-profile">
      <CardContent className="flex items-start gap-4 pt-6">
        <Avatar className="size-12">
          {r.avatar_url ? <AvatarImage src={r.avatar_url} alt="" size={48} /> : null}
          <AvatarFallback>{initialsOf(name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <User className="size-4 text-muted-foreground" aria-hidden />
            <Link to="/profile/$username" params={{ username: r.username }} className="font-semibold hover:underline">
              {name}
            </Link>
            <span className="text-sm text-muted-foreground">@{r.username}</span>
            {r.role ? <Badge variant="secondary">{roleLabel(r.role)}</Badge> : null}
          </div>
          {r.bio ? <p className="line-clamp-2 text-sm text-muted-foreground">{r.bio}</p> : null}
          <p className="text-xs text-muted-foreground">{r.karma ?? 0} karma</p>
        </div>
      </CardContent>
    </Card>
  );
}

function BlogCard({ r }: { r: BlogPostResult }) {
  const slug = r.path.replace(/^\/blog\//, '');
  return (
    <Card data-testid="result-blog_post">
      <CardContent className="flex gap-4 pt-6">
        {r.cover_image_url ? (
          <SizedImage src={r.cover_image_url} sizing={{ width: 80, height: 80 }} className="size-20 shrink-0 rounded-md object-cover" />
        ) : null}
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex items-center gap-2">
            <FileText className="size-4 text-muted-foreground" aria-hidden />
            <Link to="/blog/$slug" params={{ slug }} className="font-semibold hover:underline">
              {r.title}
            </Link>
          </div>
          {r.excerpt ? <p className="line-clamp-2 text-sm text-muted-foreground">{r.excerpt}</p> : null}
          <p className="text-xs text-muted-foreground">
            {r.author_display_name || r.author_username || ''}
            {r.published_at ? ` · ${relativeTime(r.published_at)}` : ''}
          </p>
          {r.tags && r.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label="Tags">
              {r.tags.slice(0, SEARCH_RESULT_TAGS_SHOWN).map((t) => (
                <li key={t}>
                  <Badge variant="outline">{t}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function DiscussionCard({ r }: { r: DiscussionResult }) {
  return (
    <Card data-testid="result-discussion">
      <CardContent className="space-y-1 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <MessageSquare className="size-4 text-muted-foreground" aria-hidden />
          <Link to="/discussions/thread/$threadId" params={{ threadId: r.id }} className="font-semibold hover:underline">
            {r.title}
          </Link>
          {r.category ? <Badge variant="secondary">{r.category}</Badge> : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {r.author_display_name || r.author_username || ''}
          {r.created_at ? ` · ${relativeTime(r.created_at)}` : ''} · {postCountText(r.post_count ?? 0)}
        </p>
      </CardContent>
    </Card>
  );
}
