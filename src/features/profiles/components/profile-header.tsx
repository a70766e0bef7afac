import { Link } from '@tanstack/react-router';
import { format } from 'date-fns';
import { parseDate, relativeTime } from '@/lib/dates';
import { Award, CalendarDays, Coins, Globe, Loader2, Mail, MapPin, Settings, UserMinus, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDeferredTooltips } from '@/launch/deferred-tooltips';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { EmbedCard } from '@/components/embed-card';
import { recogniseEmbedLink } from '@/lib/embeds';
import { canReceiveTips, readTipJar, roleLabel, socialNetworkLabel, tierLabel, withHttps } from '@/lib/profile-rules';
import { PROFILE_BANNER_SIZING, PROFILE_MESSAGES } from '../constants';
import { useFollow, useFollowCounts } from '../hooks/use-follow';
import { fetchMyEmail } from '../model/server-profile';
import { MemberAvatar } from './member-avatar';
import { SizedImage } from '@/components/ui/sized-image';
import { useDeferredComponent } from '@/launch/deferred-popup';

// The followers and following lists (Radix's dialog) load when one is first opened, not with the profile.
const loadFollowList = () => import('./follow-list-dialog').then((m) => m.FollowListDialog);

export type Viewer = { id: string; email?: string | null } | null;

export function bannerFallback(username: string): string {
  return `https://picsum.photos/seed/${encodeURIComponent(username)}-banner/1200/300`;
}

export function socialEntries(links: unknown): Array<[string, string]> {
  if (!links || typeof links !== 'object') return [];
  return Object.entries(links as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
    .map(([network, url]) => [network, withHttps(url)]);
}

/** 'Joined 7 months ago'; under a 'Joined' label (About) the date stands alone. */
export function JoinedDate({ iso, prefix = true }: { iso: string; prefix?: boolean }) {
  // The full date shows in a tooltip, whose code loads after the first screen.
  const { tooltips, containerRef } = useDeferredTooltips<HTMLSpanElement>(true);
  const date = parseDate(iso);
  if (!date) return null;
  const fullDate = format(date, 'EEEE, MMMM d, yyyy');
  const time = (
    <time
      dateTime={iso}
      tabIndex={0}
      title={tooltips ? undefined : fullDate}
      className="rounded-sm underline decoration-dotted underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {prefix ? 'Joined ' : null}
      {relativeTime(iso)}
    </time>
  );
  return (
    <span ref={containerRef}>
      {tooltips ? (
        // Its own provider: the app does not wrap everything in one, so that tooltip code stays out of the first screen.
        <tooltips.TooltipProvider>
          <tooltips.Tooltip>
            <tooltips.TooltipTrigger asChild>{time}</tooltips.TooltipTrigger>
            <tooltips.TooltipContent>{fullDate}</tooltips.TooltipContent>
          </tooltips.Tooltip>
        </tooltips.TooltipProvider>
      ) : (
        time
      )}
    </span>
  );
}

export function ProfileHeader({ profile, viewer, viewerPending = false }: { profile: ProfileDoc; viewer: Viewer; viewerPending?: boolean }) {
  const isOwner = viewer?.id === profile.id;
  const name = profile.display_name || profile.username;
  const counts = useFollowCounts(profile.id, { followers: profile.followers_count ?? 0, following: profile.following_count ?? 0 });
  const follow = useFollow(viewer?.id ?? null, profile.id, viewerPending);
  const [dialog, setDialog] = useState<'followers' | 'following' | null>(null);
  const FollowListDialog = useDeferredComponent(loadFollowList, dialog !== null);
  const [email, setEmail] = useState<string | null>(isOwner ? (viewer?.email ?? null) : null);
  const tipJar = readTipJar(profile.monetization);
  const links = socialEntries(profile.social_links);
  // A link to a track, set or video on a player's service also plays from the profile, on a tap.
  const players = links.flatMap(([network, url]) => {
    const embed = recogniseEmbedLink(url);
    return embed ? [{ network, embed }] : [];
  });

  useEffect(() => {
    if (!isOwner || email) return;
    fetchMyEmail().then(setEmail, () => undefined);
  }, [isOwner, email]);

  return (
    <Card className="overflow-hidden" data-testid="profile-header">
      <div className="h-32 w-full bg-muted sm:h-48">
        <SizedImage
          src={profile.banner_url || bannerFallback(profile.username)}
          sizing={PROFILE_BANNER_SIZING}
          className="size-full object-cover"
          // At the top of the page, in a box of fixed height: asked for at once, it never moves anything.
          fetchPriority="high"
        />
      </div>
      <CardContent className="relative flex flex-col gap-4 pt-0">
        <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <MemberAvatar url={profile.avatar_url} username={profile.username} name={name} className="size-24 border-4 border-background text-2xl" size={96} />
          <div className="flex flex-wrap gap-2">
            {isOwner ? (
              <>
                <Button asChild>
                  <Link to="/settings/profile">
                    <Settings aria-hidden /> {PROFILE_MESSAGES.editProfile}
                  </Link>
                </Button>
                <Button variant="outline" asChild>
                  <Link to="/settings/monetization">
                    <Coins aria-hidden /> {PROFILE_MESSAGES.supportSettings}
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <Button
                  onClick={() => void follow.toggle()}
                  disabled={follow.phase !== 'idle'}
                  variant={follow.isFollowing ? 'outline' : 'default'}
                  data-testid="follow-button"
                >
                  {follow.phase !== 'idle' ? (
                    <Loader2 className="animate-spin" aria-hidden />
                  ) : follow.isFollowing ? (
                    <UserMinus aria-hidden />
                  ) : (
                    <UserPlus aria-hidden />
                  )}
                  {follow.label}
                </Button>
                {canReceiveTips(tipJar) ? (
                  <Button variant="outline" asChild>
                    <Link to="/profile/$username/support" params={{ username: profile.username }}>
                      <Coins aria-hidden /> {PROFILE_MESSAGES.tipCreator}
                    </Link>
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </div>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
          <p className="text-muted-foreground">@{profile.username}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">
            <Award className="mr-1 size-3.5" aria-hidden /> Karma {profile.karma}
          </Badge>
          <Badge variant="outline">{tierLabel(profile.subscription_tier)}</Badge>
          <Badge variant="outline">{profile.role ? roleLabel(profile.role) : PROFILE_MESSAGES.defaultRole}</Badge>
        </div>
        <p className="max-w-prose">{profile.bio || PROFILE_MESSAGES.defaultBio}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-muted-foreground">
          {profile.location ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden /> {profile.location}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden /> <JoinedDate iso={profile.created_at} />
          </span>
          {isOwner && email ? (
            <span className="inline-flex items-center gap-1" data-testid="owner-email">
              <Mail className="size-4" aria-hidden /> {email}
            </span>
          ) : null}
        </div>
        {profile.genres && profile.genres.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Genres">
            {profile.genres.map((g) => (
              <li key={g}>
                <Badge variant="secondary">{g}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {links.length > 0 ? (
          <ul className="flex flex-wrap gap-3 text-sm" aria-label="Social links">
            {links.map(([network, url]) => (
              <li key={network}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                >
                  <Globe className="size-4" aria-hidden /> {socialNetworkLabel(network)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {players.map(({ network, embed }) => (
          <EmbedCard key={network} embed={embed} />
        ))}
        <div className="flex gap-4 text-sm">
          <Button variant="ghost" size="sm" className="px-2" onClick={() => setDialog('followers')} data-testid="followers-count">
            <strong>{counts.followers}</strong> Followers
          </Button>
          <Button variant="ghost" size="sm" className="px-2" onClick={() => setDialog('following')} data-testid="following-count">
            <strong>{counts.following}</strong> Following
          </Button>
        </div>
      </CardContent>
      {FollowListDialog ? (
        <>
          <FollowListDialog
            open={dialog === 'followers'}
            onOpenChange={(open) => setDialog(open ? 'followers' : null)}
            title={PROFILE_MESSAGES.followersTitle}
            emptyText={PROFILE_MESSAGES.noFollowers}
            ids={counts.followerIds}
            count={counts.followers}
            known={counts.listsKnown}
          />
          <FollowListDialog
            open={dialog === 'following'}
            onOpenChange={(open) => setDialog(open ? 'following' : null)}
            title={PROFILE_MESSAGES.followingTitle}
            emptyText={PROFILE_MESSAGES.noFollowing}
            ids={counts.followingIds}
            count={counts.following}
            known={counts.listsKnown}
          />
        </>
      ) : null}
    </Card>
  );
}
