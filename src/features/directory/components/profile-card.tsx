import { Link } from '@tanstack/react-router';
import { Award, MapPin } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { SizedImage } from '@/components/ui/sized-image';
import type { ProfileDoc } from '@/db/schemas/profiles';
import { generatedAvatarUrl, roleLabel } from '@/lib/profile-rules';

/** The banner fallback: a random picture from an image service, seeded per member so it stays put. */
export function directoryBanner(profile: Pick<ProfileDoc, 'banner_url' | 'username'>): string {
  return profile.banner_url || `https://picsum.photos/seed/${encodeURIComponent(profile.username)}/600/200`;
}

/**
 * A compact card: the banner (the member's own or the fallback) is a tile
 * behind the avatar rather than a strip across the card, so a member without
 * one, or an image that cannot load, never leaves a wide empty band, and a
 * phone's first screen holds several members.
 */
export function ProfileCard({ profile }: { profile: ProfileDoc }) {
  const name = profile.display_name || profile.username;
  return (
    <Card className="group h-full overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-lg">
      <Link
        to="/profile/$username"
        params={{ username: profile.username }}
        className="flex h-full items-stretch focus-visible:outline-none"
        data-testid="directory-card"
      >
        <div className="relative flex w-20 shrink-0 items-center justify-center bg-muted">
          <SizedImage
            src={directoryBanner(profile)}
            sizing={{ width: 80, height: 112 }}
            className="absolute inset-0 size-full object-cover"
            placeholderClassName="[&_svg]:hidden"
            loading="lazy"
          />
          <Avatar className="relative size-12 border-2 border-background">
            <AvatarImage src={profile.avatar_url || generatedAvatarUrl(profile.username)} alt="" size={48} />
            <AvatarFallback>{initialsOf(name)}</AvatarFallback>
          </Avatar>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
          <div className="min-w-0">
            <h2 className="truncate font-semibold group-hover:underline">{name}</h2>
            <p className="truncate text-xs text-muted-foreground">@{profile.username}</p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
            <Badge variant="secondary">{roleLabel(profile.role)}</Badge>
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Award className="size-3.5" aria-hidden /> {profile.karma} karma
            </span>
            {profile.location ? (
              <span className="inline-flex min-w-0 items-center gap-1 text-muted-foreground">
                <MapPin className="size-3.5 shrink-0" aria-hidden /> <span className="truncate">{profile.location}</span>
              </span>
            ) : null}
          </div>
          {profile.bio ? <p className="line-clamp-1 text-sm text-muted-foreground sm:line-clamp-2">{profile.bio}</p> : null}
        </div>
      </Link>
    </Card>
  );
}
