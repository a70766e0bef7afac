import { Link } from '@tanstack/react-router';
import { format } from 'date-fns';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { GUIDELINE_CARDS, STATIC_TEXTS } from '../constants';

const CARD_BODY: Record<(typeof GUIDELINE_CARDS)[number], ReactNode> = {
  'Be Respectful & Inclusive':
    'Treat every member with respect, whatever their genre, gear, experience, background or identity. No harassment, hate speech or personal attacks.',
  'Constructive Communication':
    'Give feedback you would want to receive: specific, honest and kind. Disagree with ideas, not people, and keep threads on topic.',
  'Respect Copyright & Intellectual Property': (
    <>
      Share only what you made or have the rights to share, and credit the artists in your mixes. See the{' '}
      <Link to="/terms" hash="copyright" className="text-primary underline">
        copyright section of our terms
      </Link>
      .
    </>
  ),
  'Keep it Legal & Safe': "No illegal content, no piracy links, no malware, and no sharing of anyone's private information.",
  'No Spam or Self-Promotion Abuse':
    'Promote your releases and events in the right places and in moderation. Repeated posting, mass mentions and link dumps are spam.',
  'Report Violations': (
    <>
      See something that breaks these guidelines? Tell the team through the{' '}
      <Link to="/contact" className="text-primary underline">
        contact page
      </Link>
      . Reports are confidential.
    </>
  ),
};

export function GuidelinesPage({ today = new Date() }: { today?: Date }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={STATIC_TEXTS.guidelinesTitle} subtitle="How we keep the circle a good place to be." />
      <p className="text-muted-foreground">
        These guidelines sit alongside our{' '}
        <Link to="/terms" className="text-primary underline">
          Terms of Service
        </Link>
        . They apply to everything you post: profiles, discussions, replies, uploads and messages.
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {GUIDELINE_CARDS.map((title) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle className="text-lg">{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{CARD_BODY[title]}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <section className="rounded-lg border border-destructive/40 bg-destructive/5 p-4">
        <h2 className="mb-1 text-lg font-semibold">{STATIC_TEXTS.consequencesHeading}</h2>
        <p className="text-sm text-muted-foreground">{STATIC_TEXTS.consequences}</p>
      </section>
      <p className="text-sm text-muted-foreground" data-testid="last-updated">
        {STATIC_TEXTS.lastUpdated}: {format(today, 'MMMM d, yyyy')}
      </p>
      <Button asChild variant="ghost">
        <Link to="/">
          <ArrowLeft aria-hidden />
          {STATIC_TEXTS.backHome}
        </Link>
      </Button>
    </div>
  );
}
