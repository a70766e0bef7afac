import { Link, useNavigate } from '@tanstack/react-router';
import { Award, Bot, Coins, Disc3, Globe2, Headphones, Heart, Megaphone, MessagesSquare, Mic2, Search, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { afterFirstScreen } from '@/launch/first-screen';
import { importWhenOnline } from '@/lib/import-when-online';
import { cn } from '@/lib/utils';
import { toast } from '@/stores/toast-store';
import { AUDIENCES, FEATURE_CARDS, HOME_MESSAGES } from '../constants';
import { HomeLiveSectionsPending, Section } from './home-sections';
import { MemberHome, type HomeNotifications } from './member-home';

// Featured members and counts come from the local store: RxDB loads after the hero has painted.
const HomeLiveSections = lazy(() => afterFirstScreen().then(() => importWhenOnline(() => import('./home-live-sections'))));

const FEATURE_ICONS: Record<(typeof FEATURE_CARDS)[number]['key'], LucideIcon> = {
  network: Globe2,
  showcase: Disc3,
  discussions: MessagesSquare,
  monetize: Coins,
  assistant: Bot,
  karma: Award,
};

const AUDIENCE_ICONS: Record<(typeof AUDIENCES)[number]['key'], LucideIcon> = {
  djs: Headphones,
  producers: SlidersHorizontal,
  labels: Megaphone,
  fans: Heart,
};

function HeroSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const q = term.trim();
    if (!q) {
      toast({ title: HOME_MESSAGES.emptySearchTitle, description: HOME_MESSAGES.emptySearch });
      return;
    }
    void navigate({ to: '/search', search: { q } });
  }
  return (
    <form onSubmit={onSubmit} role="search" className="mx-auto flex w-full max-w-xl gap-2">
      <Input aria-label={HOME_MESSAGES.searchLabel} placeholder={HOME_MESSAGES.searchPlaceholder} value={term} onChange={(e) => setTerm(e.target.value)} />
      <Button type="submit">
        <Search aria-hidden /> {HOME_MESSAGES.searchButton}
      </Button>
    </form>
  );
}

type HomeScreenProps = {
  signedIn: boolean;
  onlinePanel: ReactNode;
  /** A signed-in member: their name and notifications lead the page, the pitch follows. */
  member?: { name: string; notifications: HomeNotifications } | null;
};

export function HomeScreen({ signedIn, onlinePanel, member }: HomeScreenProps) {
  // The member's welcome is the page's heading; for visitors the pitch is.
  const Title = member ? 'h2' : 'h1';
  return (
    <div>
      {member ? <MemberHome name={member.name} notifications={member.notifications} /> : null}
      <section className={cn('flex flex-col items-center text-center', member ? 'gap-4 border-t py-8' : 'gap-6 py-10 sm:py-16')}>
        <Disc3 className={cn('text-primary', member ? 'size-10' : 'size-14')} aria-hidden />
        <Title className={cn('font-extrabold tracking-tight', member ? 'text-3xl sm:text-5xl' : 'text-4xl sm:text-6xl')}>{HOME_MESSAGES.title}</Title>
        <p className="max-w-2xl text-lg text-muted-foreground">{HOME_MESSAGES.tagline}</p>
        <HeroSearch />
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" asChild>
            {signedIn ? <Link to="/directory">{HOME_MESSAGES.exploreDirectory}</Link> : <Link to="/signup">{HOME_MESSAGES.joinTheMovement}</Link>}
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to="/about">{HOME_MESSAGES.learnMore}</Link>
          </Button>
        </div>
      </section>

      <Section heading={HOME_MESSAGES.featuresHeading} id="home-features">
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="feature-cards">
          {FEATURE_CARDS.map((card) => {
            const Icon = FEATURE_ICONS[card.key];
            const disabled = 'disabled' in card && card.disabled;
            const body = (
              <Card className={cn('h-full transition-shadow', disabled ? 'opacity-70' : 'hover:shadow-lg')}>
                <CardHeader>
                  <Icon className="mb-2 size-8 text-primary" aria-hidden />
                  <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
                    {card.title}
                    {disabled ? <Badge variant="outline">{HOME_MESSAGES.comingSoon}</Badge> : null}
                  </CardTitle>
                  <CardDescription>{card.description}</CardDescription>
                </CardHeader>
              </Card>
            );
            return (
              <li key={card.key}>
                {disabled ? (
                  <div aria-disabled="true" data-testid={`feature-${card.key}`}>
                    {body}
                  </div>
                ) : (
                  <Link
                    to={card.to.split('#')[0]}
                    hash={card.to.split('#')[1]}
                    className="block h-full rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    data-testid={`feature-${card.key}`}
                  >
                    {body}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </Section>

      <Section heading={HOME_MESSAGES.audienceHeading} id="home-audience">
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {AUDIENCES.map((a) => {
            const Icon = AUDIENCE_ICONS[a.key];
            return (
              <li key={a.key}>
                <Card className="h-full">
                  <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
                    <Icon className="size-8 text-primary" aria-hidden />
                    <h3 className="text-lg font-semibold">{a.title}</h3>
                    <p className="text-sm text-muted-foreground">{a.description}</p>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      </Section>

      <Suspense fallback={<HomeLiveSectionsPending />}>
        <HomeLiveSections />
      </Suspense>

      <section aria-label="Who is online" className="py-10">
        {onlinePanel}
      </section>

      <section className="flex flex-col items-center gap-4 rounded-xl bg-primary/10 px-6 py-12 text-center">
        <Mic2 className="size-10 text-primary" aria-hidden />
        <h2 className="text-2xl font-bold sm:text-3xl">{HOME_MESSAGES.closingHeading}</h2>
        <p className="max-w-xl text-muted-foreground">{HOME_MESSAGES.closingText}</p>
        <Button size="lg" asChild>
          {signedIn ? <Link to="/directory">{HOME_MESSAGES.exploreNow}</Link> : <Link to="/signup">{HOME_MESSAGES.getStartedFree}</Link>}
        </Button>
      </section>
    </div>
  );
}
