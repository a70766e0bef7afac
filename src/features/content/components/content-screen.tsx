import { Link } from '@tanstack/react-router';
import { Download, Lock, Music, Play } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SizedImage } from '@/components/ui/sized-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveQuery } from '@/db/hooks/use-live-query';
import { getSupabase } from '@/launch/lazy-supabase';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { usePlayerStore } from '@/stores/player-store';
import { CONTENT_TEXTS, CONTENT_TYPES } from '../constants';
import { canView, type ContentItem, type ContentOwner } from '../model/content-item';

type Props = {
  contentId: string;
  viewerId: string | null;
  /** The route composes the share control (another feature) in here. */
  renderShare?: (share: { url: string; title: string; description: string; imageUrl: string | null }) => ReactNode;
};

/** /content/{id}: one track, mix or sample pack, from the device first, the server when it is not there yet. */
export function ContentScreen({ contentId, viewerId, renderShare }: Props) {
  const online = useConnectivityStore((s) => s.online);
  const local = useLiveQuery((db) => db.user_content.findOne(contentId).$, [contentId], null);
  const localItem = local.value ? (local.value.toJSON() as ContentItem) : null;
  const [remote, setRemote] = useState<{ item: ContentItem | null; done: boolean }>({ item: null, done: false });
  const ownerId = localItem?.user_id ?? remote.item?.user_id ?? null;
  const ownerDoc = useLiveQuery((db) => (ownerId ? db.profiles.findOne(ownerId).$ : null), [ownerId], null);
  const [remoteOwner, setRemoteOwner] = useState<ContentOwner | null>(null);

  useEffect(() => {
    if (local.loading || localItem || !online) return;
    let alive = true;
    void getSupabase().then(async (supabase) => {
      const { data } = await supabase.from('user_content').select('*').eq('id', contentId).eq('_deleted', false).maybeSingle();
      if (alive) setRemote({ item: (data as ContentItem | null) ?? null, done: true });
    });
    return () => {
      alive = false;
    };
  }, [contentId, local.loading, localItem, online]);

  useEffect(() => {
    if (!ownerId || ownerDoc.value || ownerDoc.loading || !online) return;
    let alive = true;
    void getSupabase().then(async (supabase) => {
      const { data } = await supabase.from('profiles').select('username, display_name, avatar_url').eq('id', ownerId).maybeSingle();
      if (alive) setRemoteOwner((data as ContentOwner | null) ?? null);
    });
    return () => {
      alive = false;
    };
  }, [ownerId, ownerDoc.value, ownerDoc.loading, online]);

  const item = localItem ?? remote.item;
  const owner: ContentOwner | null = ownerDoc.value
    ? { username: ownerDoc.value.username, display_name: ownerDoc.value.display_name ?? null, avatar_url: ownerDoc.value.avatar_url ?? null }
    : remoteOwner;
  const settled = !local.loading && (localItem !== null || remote.done || !online);
  // A tap on Play can come before the owner's profile is read: the player names them once it is.
  const ownerName = owner ? (owner.display_name ?? owner.username) : null;
  const contentUrl = item?.content_url ?? null;
  useEffect(() => {
    if (ownerName && contentUrl) usePlayerStore.getState().credit(contentUrl, ownerName);
  }, [ownerName, contentUrl]);

  if (!settled) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (!item || !canView(item, viewerId)) {
    return (
      <div>
        <PageHeader title={CONTENT_TEXTS.notFoundTitle} back={true} />
        <p className="text-muted-foreground">{CONTENT_TEXTS.notFoundBody}</p>
      </div>
    );
  }
  const typeLabel = CONTENT_TYPES.find((t) => t.value === item.type)?.label ?? item.type;
  const isAudio = item.type === 'track' || item.type === 'mix';
  return (
    <article>
      <PageHeader
        title={item.title}
        back={true}
        actions={renderShare?.({ url: window.location.href, title: item.title, description: item.description ?? '', imageUrl: item.cover_image_url ?? null })}
      />
      <div className="grid gap-6 md:grid-cols-[280px_1fr]">
        <div className="aspect-square overflow-hidden rounded-lg border bg-muted">
          {item.cover_image_url ? (
            <SizedImage
              src={item.cover_image_url}
              alt={`Cover of ${item.title}`}
              sizing={{ width: 360, height: 360, sizes: '(min-width: 768px) 280px, 100vw' }}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted-foreground">
              <Music className="size-16" aria-hidden />
            </div>
          )}
        </div>
        <Card>
          <CardContent className="space-y-4 pt-6">
            <div className="flex flex-wrap items-center gap-2">
              <Badge>{typeLabel}</Badge>
              {item.genre ? <Badge variant="secondary">{item.genre}</Badge> : null}
              {!item.is_public ? (
                <Badge variant="outline">
                  <Lock className="mr-1 size-3" aria-hidden />
                  {CONTENT_TEXTS.privateBadge}
                </Badge>
              ) : null}
            </div>
            {owner ? (
              <Link to="/profile/$username" params={{ username: owner.username }} className="flex items-center gap-2 hover:underline">
                <Avatar className="size-8">
                  {owner.avatar_url ? <AvatarImage src={owner.avatar_url} alt="" /> : null}
                  <AvatarFallback>{initialsOf(owner.display_name ?? owner.username)}</AvatarFallback>
                </Avatar>
                <span>{owner.display_name ?? owner.username}</span>
                <span className="text-muted-foreground">@{owner.username}</span>
              </Link>
            ) : null}
            {item.description ? <p className="whitespace-pre-line">{item.description}</p> : null}
            {item.tags && item.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Tags">
                {item.tags.map((t) => (
                  <li key={t}>
                    <Badge variant="outline">#{t}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            {item.content_url && isAudio ? (
              // Played by the layout's mini player: it keeps playing on other screens and on the lock screen.
              <Button
                type="button"
                aria-label={`Play ${item.title}`}
                onClick={() =>
                  usePlayerStore.getState().play({
                    src: item.content_url!,
                    title: item.title,
                    artist: ownerName ?? '',
                    artworkUrl: item.cover_image_url ?? null,
                    href: window.location.pathname,
                  })
                }
              >
                <Play aria-hidden />
                {CONTENT_TEXTS.play}
              </Button>
            ) : null}
            {item.content_url && item.type === 'sample_pack' ? (
              <Button asChild>
                <a href={item.content_url} download>
                  <Download aria-hidden />
                  {CONTENT_TEXTS.download}
                </a>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </article>
  );
}
