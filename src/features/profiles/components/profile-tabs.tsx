import { Link } from '@tanstack/react-router';
import { Activity, Disc3, MessageSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { usePulled } from '@/db/hooks/use-pulled';
import type { SyncHandle } from '@/db/replication/sync';
import type { RxDocument } from 'rxdb';
import type { DiscussionDoc } from '@/db/schemas/discussions';
import type { PostDoc } from '@/db/schemas/posts';
import type { ProfileDoc } from '@/db/schemas/profiles';
import type { UserActivityDoc } from '@/db/schemas/user-activities';
import type { UserContentDoc } from '@/db/schemas/user-content';
import { roleLabel, socialNetworkLabel } from '@/lib/profile-rules';
import { ACTIVITY_LIMIT, ACTIVITY_TEXTS, PROFILE_CONTENT_PAGE_SIZE, PROFILE_DISCUSSIONS_PAGE_SIZE, PROFILE_MESSAGES } from '../constants';
import { JoinedDate, socialEntries } from './profile-header';
import { relativeTime } from '@/lib/dates';
import { Pager } from './pager';

/** What a tab shows until the server has answered once for its data: nothing on the device yet is not "nothing". */
function TabLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3" data-testid="profile-tab-loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** An empty result of the right type, the value before a query first answered. */
function none<T>(): RxDocument<T>[] {
  return [];
}

export function pageSlice<T>(items: readonly T[], page: number, size: number): { items: T[]; pageCount: number; page: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { items: items.slice((current - 1) * size, current * size), pageCount, page: current };
}

function ContentTab({ profile, isOwner, serverContent }: { profile: ProfileDoc; isOwner: boolean; serverContent: UserContentDoc[] | null }) {
  const [page, setPage] = useState(1);
  const { value: stored, loading: storeLoading } = useLiveQuery(
    (db) => db.user_content.find({ selector: isOwner ? { user_id: profile.id } : { user_id: profile.id, is_public: true }, sort: [{ created_at: 'desc' }] }).$,
    [profile.id, isOwner],
    none<UserContentDoc>(),
  );
  const pulled = usePulled('user_content');
  // The server's list (an empty device) until the store's query shows as many, then the store for good. Not at the
  // end of the first pull alone: the query's answer can trail it by a moment, and "no content" would flash.
  const [storeLeads, setStoreLeads] = useState(false);
  if (!storeLeads && serverContent && !storeLoading && stored.length >= serverContent.length) setStoreLeads(true);
  const fromServer = serverContent !== null && !storeLeads;
  const docs: readonly UserContentDoc[] = fromServer ? serverContent : stored;
  const loading = !fromServer && storeLoading;
  const slice = pageSlice(docs, page, PROFILE_CONTENT_PAGE_SIZE);
  const name = profile.display_name || profile.username;
  if (loading || (docs.length === 0 && !pulled && !fromServer)) return <TabLoading label={PROFILE_MESSAGES.loadingContent} />;
  if (docs.length === 0)
    return <p className="py-8 text-center text-muted-foreground">{isOwner ? PROFILE_MESSAGES.noContentOwner : PROFILE_MESSAGES.noContentOther(name)}</p>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="profile-content">
        {slice.items.map((c) => (
          <li key={c.id}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle className="text-base">
                  <Link to="/content/$id" params={{ id: c.id }} className="hover:underline">
                    {c.title}
                  </Link>
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2 text-sm text-muted-foreground">
                <Badge variant="secondary">{c.type.replace(/_/g, ' ')}</Badge>
                {c.genre ? <Badge variant="outline">{c.genre}</Badge> : null}
                {!c.is_public ? <Badge variant="outline">Private</Badge> : null}
                <span>{relativeTime(c.created_at)}</span>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <Pager page={slice.page} pageCount={slice.pageCount} onPage={setPage} label="Content pages" />
    </>
  );
}

function ActivityTab({ profile, sync }: { profile: ProfileDoc; sync: SyncHandle | null }) {
  // Community messages do not pull the activity feeds (no other screen shows them): this one asks as it shows.
  useEffect(() => {
    sync?.pull('user_activities');
  }, [sync, profile.id]);
  const { value: docs, loading } = useLiveQuery(
    (db) => db.user_activities.find({ selector: { user_id: profile.id }, sort: [{ created_at: 'desc' }], limit: ACTIVITY_LIMIT }).$,
    [profile.id],
    none<UserActivityDoc>(),
  );
  const pulled = usePulled('user_activities');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Activity className="size-5" aria-hidden /> {PROFILE_MESSAGES.recentActivity}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {loading || (docs.length === 0 && !pulled) ? (
          <TabLoading label={PROFILE_MESSAGES.loadingActivity} />
        ) : docs.length === 0 ? (
          <p className="text-muted-foreground">{PROFILE_MESSAGES.noActivity}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="profile-activity">
            {docs.map((a) => (
              <li key={a.id} className="text-sm">
                <span className="font-medium">{profile.display_name || profile.username}</span>{' '}
                {ACTIVITY_TEXTS[a.activity_type] ?? a.activity_type.replace(/_/g, ' ')} {a.related_entity_title ? <ActivityTarget activity={a} /> : null}
                <span className="block text-xs text-muted-foreground">{relativeTime(a.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityTarget({ activity }: { activity: UserActivityDoc }) {
  const title = activity.related_entity_title ?? '';
  if (activity.related_entity_type === 'profile') {
    return (
      <Link to="/profile/$username" params={{ username: title }} className="text-primary hover:underline">
        @{title}
      </Link>
    );
  }
  if (activity.related_entity_type === 'discussion' && activity.related_entity_id) {
    return (
      <Link to="/discussions/thread/$threadId" params={{ threadId: activity.related_entity_id }} className="text-primary hover:underline">
        {title}
      </Link>
    );
  }
  return <span className="font-medium">{title}</span>;
}

function DiscussionsTab({ profile, isOwner }: { profile: ProfileDoc; isOwner: boolean }) {
  const [page, setPage] = useState(1);
  const posts = useLiveQuery((db) => db.posts.find({ selector: { user_id: profile.id } }).$, [profile.id], none<PostDoc>());
  const participated = [...new Set(posts.value.map((p) => p.discussion_id))];
  const key = participated.join(',');
  const { value: docs, loading } = useLiveQuery(
    (db) => db.discussions.find({ selector: { $or: [{ user_id: profile.id }, { id: { $in: participated } }] }, sort: [{ created_at: 'desc' }] }).$,
    [profile.id, key],
    none<DiscussionDoc>(),
  );
  // Started threads come with the discussions, replies with the posts: both must have answered before "none".
  const discussionsPulled = usePulled('discussions');
  const postsPulled = usePulled('posts');
  const pulled = discussionsPulled && postsPulled;
  const pending = loading || posts.loading || (docs.length === 0 && !pulled);
  const slice = pageSlice(docs, page, PROFILE_DISCUSSIONS_PAGE_SIZE);
  const name = profile.display_name || profile.username;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <MessageSquare className="size-5" aria-hidden /> {pending ? PROFILE_MESSAGES.discussionsTitle : PROFILE_MESSAGES.discussionsHeading(docs.length)}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {pending ? (
          <TabLoading label={PROFILE_MESSAGES.loadingDiscussions} />
        ) : docs.length === 0 ? (
          <p className="text-muted-foreground">{isOwner ? PROFILE_MESSAGES.noDiscussionsOwner : PROFILE_MESSAGES.noDiscussionsOther(name)}</p>
        ) : (
          <ul className="flex flex-col divide-y" data-testid="profile-discussions">
            {slice.items.map((d) => (
              <li key={d.id} className="py-3">
                <Link to="/discussions/thread/$threadId" params={{ threadId: d.id }} className="font-medium hover:underline">
                  {d.title}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {d.category} · {d.post_count} posts · {relativeTime(d.created_at)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pager page={slice.page} pageCount={slice.pageCount} onPage={setPage} label="Discussion pages" />
      </CardContent>
    </Card>
  );
}

function AboutTab({ profile }: { profile: ProfileDoc }) {
  const links = socialEntries(profile.social_links);
  return (
    <Card>
      <CardContent className="pt-6">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium">Bio</dt>
          <dd>{profile.bio || PROFILE_MESSAGES.defaultBio}</dd>
          <dt className="font-medium">Role</dt>
          <dd>{profile.role ? roleLabel(profile.role) : PROFILE_MESSAGES.defaultRole}</dd>
          <dt className="font-medium">Location</dt>
          <dd>{profile.location || '—'}</dd>
          <dt className="font-medium">Joined</dt>
          <dd>
            <JoinedDate iso={profile.created_at} prefix={false} />
          </dd>
          <dt className="font-medium">Karma</dt>
          <dd>{profile.karma}</dd>
          <dt className="font-medium">Genres</dt>
          <dd>{profile.genres && profile.genres.length > 0 ? profile.genres.join(', ') : '—'}</dd>
          <dt className="font-medium">Social links</dt>
          <dd>
            {links.length === 0 ? (
              '—'
            ) : (
              <ul className="flex flex-col gap-1">
                {links.map(([network, url]) => (
                  <li key={network}>
                    <span>{socialNetworkLabel(network)}</span>:{' '}
                    <a href={url} target="_blank" rel="noopener noreferrer" className="break-all text-primary hover:underline">
                      {url}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

type ProfileTabsProps = {
  profile: ProfileDoc;
  isOwner: boolean;
  /** The public content as the server has it, on an empty device (null otherwise). */
  serverContent?: UserContentDoc[] | null;
  sync?: SyncHandle | null;
};

export function ProfileTabs({ profile, isOwner, serverContent = null, sync = null }: ProfileTabsProps) {
  return (
    <Tabs defaultValue="content" className="mt-6">
      <TabsList className="flex h-auto w-full flex-wrap sm:w-auto">
        <TabsTrigger value="content">
          <Disc3 className="mr-1 size-4" aria-hidden /> Content
        </TabsTrigger>
        <TabsTrigger value="activity">Activity</TabsTrigger>
        <TabsTrigger value="discussions">Discussions</TabsTrigger>
        <TabsTrigger value="about">About</TabsTrigger>
      </TabsList>
      <TabsContent value="content">
        <ContentTab profile={profile} isOwner={isOwner} serverContent={serverContent} />
      </TabsContent>
      <TabsContent value="activity">
        <ActivityTab profile={profile} sync={sync} />
      </TabsContent>
      <TabsContent value="discussions">
        <DiscussionsTab profile={profile} isOwner={isOwner} />
      </TabsContent>
      <TabsContent value="about">
        <AboutTab profile={profile} />
      </TabsContent>
    </Tabs>
  );
}
