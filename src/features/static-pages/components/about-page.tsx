import { Link } from '@tanstack/react-router';
import { Compass, GraduationCap, Heart, Lightbulb, Music, Scale, Sprout, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { IconCard } from '@/components/ui/icon-card';
import { PageHeader } from '@/components/ui/page-header';
import { ABOUT_PILLARS, ABOUT_VALUES, KARMA_ANCHOR, STATIC_TEXTS } from '../constants';

const PILLAR_TEXT: Record<(typeof ABOUT_PILLARS)[number], string> = {
  Connect: 'Find DJs, producers, labels and promoters near you or across the world, follow them and talk shop in the Community Hub.',
  Create: 'Upload tracks, mixes and sample packs, get honest feedback, and find collaborators for your next release.',
  Discover: "Dig through the community's uploads, the directory and The Beat Drop for new sounds, tools and people.",
  'Learn & Grow': 'Tutorials, gear talk and feedback threads help you sharpen your craft, from first mix to festival main stage.',
};
const PILLAR_ICONS = { Connect: Users, Create: Music, Discover: Compass, 'Learn & Grow': GraduationCap } as const;

const VALUE_TEXT: Record<(typeof ABOUT_VALUES)[number], string> = {
  'Community First': 'Decisions start with what helps members, not what grabs attention.',
  'Creativity & Innovation': 'We celebrate new sounds, new techniques and people who try things.',
  'Respect & Integrity': 'Credit the artists, respect each other, keep it honest.',
  'Growth & Learning': 'Everyone started somewhere; sharing knowledge keeps the scene alive.',
};
const VALUE_ICONS = { 'Community First': Heart, 'Creativity & Innovation': Lightbulb, 'Respect & Integrity': Scale, 'Growth & Learning': Sprout } as const;

/** The two card grids of the page: the pillars four across, the values two across. */
const CARD_SECTIONS = [
  {
    heading: 'Four Pillars',
    columns: 'sm:grid-cols-2 lg:grid-cols-4',
    cards: ABOUT_PILLARS.map((p) => ({ title: p, icon: PILLAR_ICONS[p], text: PILLAR_TEXT[p] })),
  },
  { heading: 'Core Values', columns: 'sm:grid-cols-2', cards: ABOUT_VALUES.map((v) => ({ title: v, icon: VALUE_ICONS[v], text: VALUE_TEXT[v] })) },
];

export function AboutPage() {
  return (
    <div className="space-y-10">
      <PageHeader title={STATIC_TEXTS.aboutTitle} subtitle="The Future of DJ Culture, built by the people who play it." />
      <section className="space-y-3">
        <h2 className="text-2xl font-semibold">Our Mission</h2>
        <p className="text-muted-foreground">
          DJCircle gives DJs, producers, vocalists, labels, promoters and fans one place to meet, share their work and learn from each other. It works on the
          phone in your pocket at the gig, even when the signal does not, so the community is with you wherever the music is.
        </p>
      </section>
      {CARD_SECTIONS.map((section) => (
        <section key={section.heading} className="space-y-4">
          <h2 className="text-2xl font-semibold">{section.heading}</h2>
          <ul className={`grid gap-4 ${section.columns}`}>
            {section.cards.map((card) => (
              <li key={card.title}>
                <IconCard icon={card.icon} title={card.title} className="h-full" contentClassName="text-sm text-muted-foreground">
                  {card.text}
                </IconCard>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section id={KARMA_ANCHOR} className="scroll-mt-24 space-y-3">
        <h2 className="text-2xl font-semibold">{STATIC_TEXTS.karmaHeading}</h2>
        <p className="text-muted-foreground">Karma is how the community says thank you. It shows on your profile and next to your posts.</p>
        <ul className="list-disc space-y-1 pl-6 text-muted-foreground">
          <li>Start a discussion: +5 karma.</li>
          <li>Someone likes your post: your karma goes up; if they take the like back, it goes down again.</li>
          <li>Helpful answers marked as the solution stand out in the thread and tend to collect likes.</li>
        </ul>
        <p className="text-muted-foreground">Karma cannot be bought or transferred, and the team may reset karma gained through spam or vote manipulation.</p>
      </section>
      <section className="rounded-lg border bg-muted/30 p-6 text-center">
        <h2 className="mb-2 text-2xl font-semibold">Ready to join?</h2>
        <p className="mb-4 text-muted-foreground">Create your free profile and say hello in Introductions.</p>
        <Button asChild size="lg">
          <Link to="/signup">{STATIC_TEXTS.joinCta}</Link>
        </Button>
      </section>
    </div>
  );
}
