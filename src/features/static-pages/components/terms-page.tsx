import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { COPYRIGHT_ANCHOR, MINIMUM_AGE, STATIC_TEXTS } from '../constants';
import { LegalSection } from './legal-section';

export function TermsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={STATIC_TEXTS.termsTitle} subtitle="The rules of the circle, in plain words." />
      <LegalSection heading="1. Accepting these terms">
        <p>
          By creating an account or using DJCircle you agree to these terms and to the{' '}
          <Link to="/guidelines" className="text-primary underline">
            Community Guidelines
          </Link>
          .
        </p>
      </LegalSection>
      <LegalSection heading="2. Your account">
        <p>
          You must be at least {MINIMUM_AGE} years old. Keep your password safe; you are responsible for what happens under your account. One person, one
          account.
        </p>
      </LegalSection>
      <LegalSection heading="3. Your content">
        <p>
          You keep ownership of what you post and upload. By posting it you give DJCircle a worldwide, non-exclusive licence to host, display and distribute it
          on the platform so other members can see, play and download it as you chose.
        </p>
      </LegalSection>
      <LegalSection id={COPYRIGHT_ANCHOR} heading={`4. ${STATIC_TEXTS.copyrightHeading}`}>
        <p>
          Only upload music, samples, artwork and text you created or have the rights to share. Mixes must respect the rights of the tracks they contain; credit
          the artists.
        </p>
        <p>
          If you believe content on DJCircle infringes your copyright, send us a notice through the{' '}
          <Link to="/contact" className="text-primary underline">
            contact page
          </Link>{' '}
          with the link to the content, proof of your rights and your contact details. We remove infringing content and close the accounts of repeat infringers.
        </p>
      </LegalSection>
      <LegalSection heading="5. Subscriptions">
        <p>Paid tiers unlock extra features for the period paid. A tier becomes active only after the payment provider confirms the payment.</p>
      </LegalSection>
      <LegalSection heading="6. Ending your account">
        <p>You can stop using DJCircle at any time. We may suspend or close accounts that break these terms or the guidelines.</p>
      </LegalSection>
      <LegalSection heading="7. No warranty">
        <p>DJCircle is provided as is. We work hard to keep it running and your data safe, but we cannot promise it will always be available or error free.</p>
      </LegalSection>
    </div>
  );
}
