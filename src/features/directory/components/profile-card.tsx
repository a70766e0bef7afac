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

export function ProfileCard({ profile }: { profile: ProfileDoc }) {
  const name = profile.display_name || profile.username;
  return (
    <Card className="group h-full overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-lg">
      <Link to="/profile/$username" params={{ username: profile.username }} className="flex h-full flex-col focus-visible:outline-none" data-testid="directory-card">
        <div className="h-20 bg-muted">
          <SizedImage src={directoryBanner(profile)} sizing={{ width: 360, sizes: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw' }} className="size-full object-cover" loading="lazy" />
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4 pt-0">
          <Avatar className="-mt-8 size-16 border-4 border-background">
            <AvatarImage src={profile.avatar_url || generatedAvatarUrl(profile.username)} alt="" size={64} />
            <AvatarFallback>{initialsOf(name)}</AvatarFallback>
          </Avatar>
          <div>
            <h2 className="truncate text-lg font-semibold group-hover:underline">{name}</h2>
            <p className="truncate text-sm text-muted-foreground">@{profile.username}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <Badge variant="secondary">{roleLabel(profile.role)}</Badge>
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Award className="size-3.5" aria-hidden /> {profile.karma} karma
            </span>
          </div>
          {profile.location ? (
            <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden /> {profile.location}
            </p>
          ) : null}
          {profile.bio ? <p className="line-clamp-2 text-sm text-muted-foreground">{profile.bio}</p> : null}
        </div>
      </Link>
    </Card>
  );
}
