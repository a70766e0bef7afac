import { useNavigate } from '@tanstack/react-router';
import { AlertTriangle, MessagesSquare, Plus, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDatabase } from '@/db/hooks/use-database';
import { usePulled } from '@/db/hooks/use-pulled';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDeferredComponent } from '@/launch/deferred-popup';
import { PageHeader } from '@/components/ui/page-header';
import { MEDIA_XL_UP } from '@/lib/shell-constants';
import { useMediaQuery } from '@/lib/use-media-query';
import { toast } from '@/stores/toast-store';
import {
  ALL_CATEGORIES,
  CREATE_TEXT,
  DEFAULT_HUB_SORT,
  HUB_CARD_SLICE,
  HUB_FIRST_CARDS,
  HUB_SKELETON_COUNT,
  HUB_TEXT,
  UNREAD_TEXT,
  type HubSort,
} from '../constants';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { useHubVisit } from '../hooks/use-hub-visit';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { useReadState } from '../hooks/use-read-state';
import { useServerHub } from '../hooks/use-server-hub';
import { useViewer, type MemberInput } from '../hooks/use-viewer';
import { mergeCategories, queryHub } from '../model/hub-query';
import { readHubSnapshot, writeHubSnapshot } from '../model/hub-snapshot';
import { allDiscussions$ } from '../model/local-queries';
import { effectiveLevel, unreadCount } from '../model/read-state';
import type { DiscussionRow } from '../model/types';
import { DiscussionCard, DiscussionCardSkeleton, type CardUnread } from './discussion-card';
import { HubAside } from './hub-aside';
import { HubPagination, HubToolbar } from './hub-toolbar';
import { LevelSelect } from './level-select';

// The new-discussion form (editor, Radix's dialog) loads when it is first opened, not with the hub.
const loadCreateDialog = () => import('./create-discussion-dialog').then((m) => m.CreateDiscussionDialog);

export type HubSearchState = { q?: string; category?: string; sort?: HubSort; page?: number };

type HubScreenProps = {
  search: HubSearchState;
  /** Writes the new search state to the URL (the route owns it). */
  onSearchChange: (next: HubSearchState) => void;
  member: MemberInput;
  /** While a stored session is being restored, a signed-in member must not be told to log in. */
  authPending?: boolean;
  /** A link or text shared into the app: "Start New Discussion" opens prefilled with it. */
  sharedId?: string;
  /** "Start New Discussion" opens at once (the installed app's shortcut). */
  compose?: boolean;
};

const NO_ROWS: DiscussionRow[] = [];

/**
 * A page of the list: the first screen's cards in the first frame, the rest in slices after it is painted. Mounted
 * with the list, so a list that follows the skeleton or an empty page is sliced too; once complete, a change (a new
 * page, a filter) renders at once.
 */
function HubCards({ items, unreadOf }: { items: DiscussionRow[]; unreadOf: (d: DiscussionRow) => CardUnread | undefined }) {
  const shown = useProgressiveCount(items.length, HUB_FIRST_CARDS, 2, HUB_CARD_SLICE);
  return items.slice(0, shown).map((d) => <DiscussionCard key={d.id} discussion={d} unread={unreadOf(d)} />);
}

/** The Community Hub, read from the local store. */
export function HubScreen({ search, onSearchChange, member, authPending = false, sharedId, compose = false }: HubScreenProps) {
  const navigate = useNavigate();
  const db = useDatabase();
  const { viewer, avatarUrl } = useViewer(member);
  const [createOpen, setCreateOpen] = useState(false);
  // The side column only wide windows show is not built at all on a phone's first screen.
  const wide = useMediaQuery(MEDIA_XL_UP);
  const CreateDiscussionDialog = useDeferredComponent(loadCreateDialog, createOpen);
  const signedIn = viewer !== null;
  useEffect(() => {
    if ((sharedId || compose) && signedIn) setCreateOpen(true);
  }, [sharedId, compose, signedIn]);
  const pulled = usePulled('discussions');
  const live = useLiveQuery(allDiscussions$, [], NO_ROWS);
  // An empty device lists the server's rows until the store's first pull is complete: then the store's are the same.
  const serverRows = useServerHub();
  const fromServer = serverRows !== null && !live.error && !(pulled && !live.loading);
  const rows = fromServer ? serverRows : live.value;

  const q = search.q ?? '';
  const category = search.category ?? ALL_CATEGORIES;
  const sort = search.sort ?? DEFAULT_HUB_SORT;
  const requestedPage = search.page ?? 1;

  const defaultView = q === '' && category === ALL_CATEGORIES && sort === DEFAULT_HUB_SORT && requestedPage === 1;
  // What the default view showed last time, painted while the store opens (a cold start); the live list replaces it.
  const [snapshot] = useState(readHubSnapshot);

  const fromSnapshot = !fromServer && live.loading && defaultView && snapshot !== null;
  // The snapshot's categories are already merged and sorted: not again while it shows.
  const categories = useMemo(
    () => (fromSnapshot ? snapshot.categories : mergeCategories(new Set(rows.map((d) => d.category)))),
    [fromSnapshot, snapshot, rows],
  );
  // Read points, levels and "new since your last visit": the member's records, or a visitor's on this device.
  const viewerId = viewer?.id ?? null;
  const reads = useReadState(viewerId);
  const since = useHubVisit(viewerId, authPending);
  const [showMuted, setShowMuted] = useState(false);
  const isMuted = useCallback(
    (d: DiscussionRow) => effectiveLevel(d, reads.points.get(d.id), reads.categories, viewerId) === 'muted',
    [reads.points, reads.categories, viewerId],
  );
  const anyMuted = useMemo(() => rows.some(isMuted), [rows, isMuted]);
  const categoryLevelShown = Boolean(viewer) && category !== ALL_CATEGORIES;
  // Muted threads leave the default list; the filter brings them back, marked.
  const listed = useMemo(() => (showMuted ? rows : rows.filter((d) => !isMuted(d))), [rows, showMuted, isMuted]);
  const livePage = useMemo(() => queryHub(listed, { q, category, sort, page: requestedPage }), [listed, q, category, sort, requestedPage]);
  const page = fromSnapshot ? snapshot.page : livePage;

  const unreadOf = (d: DiscussionRow): CardUnread | undefined => {
    if (!reads.ready) return undefined;
    const point = reads.points.get(d.id);
    const muted = isMuted(d);
    if (point?.lastReadAt) return { count: unreadCount(d, point), isNew: false, muted };
    return { count: 0, isNew: since !== null && !point && d.created_at > since && d.user_id !== viewerId, muted };
  };

  useEffect(() => {
    if (!live.loading && !live.error && defaultView && livePage.items.length > 0) writeHubSnapshot({ page: livePage, categories });
  }, [live.loading, live.error, defaultView, livePage, categories]);

  // Any change of search, category or sort starts again at page 1.
  const change = (patch: Omit<HubSearchState, 'page'>) => onSearchChange({ q, category, sort, ...patch, page: 1 });

  function openCreate() {
    if (!viewer) {
      toast({
        title: CREATE_TEXT.loginRequired.title,
        description: CREATE_TEXT.loginRequired.description,
        action: {
          label: CREATE_TEXT.login,
          altText: CREATE_TEXT.login,
          onClick: () => void navigate({ to: '/login', search: { from: '/discussions' } }),
        },
      });
      return;
    }
    setCreateOpen(true);
  }

  const failed = live.error;
  // No discussion on the device before the first pull answered is not an empty community.
  const loading = !failed && !fromSnapshot && !fromServer && (live.loading || (live.value.length === 0 && !pulled));

  return (
    <div className="mx-auto w-full max-w-5xl xl:max-w-none" data-testid="community-hub">
      <PageHeader
        className="mb-3 gap-2 sm:mb-6"
        title={HUB_TEXT.heading}
        // Phones keep the first screen for discussions: the intro stays for screen readers only.
        subtitle={<span className="max-sm:sr-only">{HUB_TEXT.intro}</span>}
        icon={<MessagesSquare />}
        actions={
          <Button onClick={openCreate} disabled={authPending && !member}>
            <Plus aria-hidden />
            <span className="max-sm:sr-only">{HUB_TEXT.startNewDiscussion}</span>
          </Button>
        }
      />
      {/* Wide screens put the community's figures, categories and most active members beside the list. */}
      <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_17rem] xl:items-start xl:gap-6">
        <div className="min-w-0">
          <HubToolbar q={q} category={category} sort={sort} categories={categories} onChange={change} />
          {/* Only when there is something to show: on a phone every line above the list costs a thread. */}
          {anyMuted || showMuted || categoryLevelShown ? (
            <div className="mt-2 flex flex-wrap items-start justify-between gap-x-4 gap-y-2 sm:mt-3">
              {anyMuted || showMuted ? (
                <label className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    data-testid="hub-show-muted"
                    checked={showMuted}
                    onChange={(e) => setShowMuted(e.target.checked)}
                  />
                  {UNREAD_TEXT.showMuted}
                </label>
              ) : null}
              {categoryLevelShown ? (
                <LevelSelect
                  id="hub-category-level"
                  testId="hub-category-level"
                  label={UNREAD_TEXT.categoryLevelLabel(category)}
                  value={reads.categories.get(category) ?? 'normal'}
                  onChange={(level) => reads.setCategoryLevel(category, level)}
                />
              ) : null}
            </div>
          ) : null}

          <section className="mt-3 space-y-2 sm:mt-6 sm:space-y-3" aria-label={HUB_TEXT.heading} aria-busy={loading}>
            {failed ? (
              <Card className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
                <AlertTriangle className="size-10 text-destructive" aria-hidden />
                <h2 className="text-xl font-semibold">{HUB_TEXT.errorTitle}</h2>
                <p className="text-muted-foreground">{/JWT|Unauthorized/i.test(failed.message) ? HUB_TEXT.sessionIssue : HUB_TEXT.loadFailed}</p>
                <Button variant="outline" onClick={live.retry}>
                  {HUB_TEXT.tryAgain}
                </Button>
              </Card>
            ) : loading ? (
              Array.from({ length: HUB_SKELETON_COUNT }, (_, i) => <DiscussionCardSkeleton key={i} />)
            ) : page.items.length === 0 ? (
              <Card className="flex flex-col items-center gap-3 p-8 text-center">
                <SearchX className="size-10 text-muted-foreground" aria-hidden />
                <h2 className="text-xl font-semibold">{HUB_TEXT.emptyTitle}</h2>
                <p className="text-muted-foreground">{HUB_TEXT.emptyHint}</p>
              </Card>
            ) : (
              <HubCards items={page.items} unreadOf={unreadOf} />
            )}
          </section>

          {!failed && !loading ? (
            <div className="mt-6">
              <HubPagination page={page.page} totalPages={page.totalPages} onPage={(p) => onSearchChange({ q, category, sort, page: p })} />
            </div>
          ) : null}
        </div>
        {wide && !failed && !loading && !fromSnapshot ? <HubAside rows={rows} categories={categories} current={category} /> : null}
      </div>

      {db && viewer && CreateDiscussionDialog ? (
        <CreateDiscussionDialog open={createOpen} onOpenChange={setCreateOpen} db={db} viewer={viewer} avatarUrl={avatarUrl} sharedId={sharedId} />
      ) : null}
    </div>
  );
}
