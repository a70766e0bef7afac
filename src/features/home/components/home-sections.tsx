import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { generatedAvatarUrl, roleLabel } from '@/lib/profile-rules';
import { formatCount } from '@/lib/utils';
import { HOME_MESSAGES, STAT_LABELS } from '../constants';

/** Presentational parts of the home page; the live data is bound in home-live-sections (which loads RxDB). */
export function Section({ heading, id, children }: { heading: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="py-10">
      <h2 id={id} className="mb-6 text-center text-2xl font-bold tracking-tight sm:text-3xl">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export type FeaturedArtist = { id: string; username: string; display_name?: string | null; avatar_url?: string | null; role: string; bio?: string | null };

export function FeaturedArtistsList({ artists }: { artists: readonly FeaturedArtist[] }) {
  return (
    <Section heading={HOME_MESSAGES.featuredHeading} id="home-featured">
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" data-testid="featured-artists">
        {artists.map((p) => (
          <li key={p.id}>
            <Card className="h-full">
              <Link
                to="/profile/$username"
                params={{ username: p.username }}
                className="flex h-full flex-col items-center gap-3 p-6 text-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Avatar className="size-20">
                  <AvatarImage src={p.avatar_url || generatedAvatarUrl(p.username)} alt="" />
                  <AvatarFallback>{initialsOf(p.display_name || p.username)}</AvatarFallback>
                </Avatar>
                <span className="text-lg font-semibold">{p.display_name || p.username}</span>
                <Badge variant="secondary">{roleLabel(p.role)}</Badge>
                {p.bio ? <span className="line-clamp-3 text-sm text-muted-foreground">{p.bio}</span> : null}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export type CommunityStatValues = { members: number; content: number; discussions: number };

/** Counts on this device; 0 until the store has them. */
export function CommunityStatsGrid({ stats }: { stats: CommunityStatValues | null }) {
  const values = stats ?? { members: 0, content: 0, discussions: 0 };
  return (
    <Section heading={HOME_MESSAGES.statsHeading} id="home-stats">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3" data-testid="community-stats">
        {(Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>).map((key) => (
          <Card key={key} className="p-6 text-center">
            <dt className="text-sm text-muted-foreground">{STAT_LABELS[key]}</dt>
            <dd className="text-4xl font-bold text-primary">{formatCount(values[key])}</dd>
          </Card>
        ))}
      </dl>
    </Section>
  );
}

/** What the live sections show while RxDB loads: the featured heading with nobody yet, and zero counts. */
export function HomeLiveSectionsPending() {
  return (
    <>
      <FeaturedArtistsList artists={[]} />
      <CommunityStatsGrid stats={null} />
    </>
  );
}
