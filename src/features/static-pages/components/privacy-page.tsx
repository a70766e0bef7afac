import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { MINIMUM_AGE, STATIC_TEXTS } from '../constants';
import { LegalSection } from './legal-section';

export function PrivacyPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={STATIC_TEXTS.privacyTitle} subtitle="What we collect, why, and what you control." />
      <LegalSection heading="1. What we collect">
        <p>
          Account data: your e-mail address, username, password (stored only as a secure hash) and the profile details you choose to add, such as display name,
          avatar, banner, bio, location, genres and social links.
        </p>
        <p>Content: discussions, posts, reactions, uploads (tracks, mixes, sample packs and covers) and messages you send through the contact form.</p>
        <p>Technical data: the device information needed to keep you signed in, deliver push notifications you turned on, and keep the app working offline.</p>
      </LegalSection>
      <LegalSection heading="2. How we use it">
        <p>
          To run the community: show your profile and content, deliver notifications, calculate karma, answer your messages and keep the platform safe from spam
          and abuse. We do not sell your personal data.
        </p>
      </LegalSection>
      <LegalSection heading="3. What others can see">
        <p>
          Your public profile, public uploads, discussions and posts are visible to everyone. Your e-mail address is never shown on your profile; only you and
          the administrators can see it. Private uploads are visible only to you.
        </p>
      </LegalSection>
      <LegalSection heading="4. Data on your device">
        <p>
          To work offline the app keeps a copy of recent discussions, blog posts, your notifications and your profile in your browser's storage. Signing out
          removes your private data from the device.
        </p>
      </LegalSection>
      <LegalSection heading="5. Payments">
        <p>
          Payments are handled by PayPal or Coinbase. We never see or store your card or wallet details; we only receive confirmation of the payment and the
          tier you chose.
        </p>
      </LegalSection>
      <LegalSection heading="6. Your choices">
        <p>
          You can edit your profile, delete your content, turn notifications off, and ask us to delete your account at any time through the{' '}
          <Link to="/contact" className="text-primary underline">
            contact page
          </Link>
          .
        </p>
      </LegalSection>
      <LegalSection heading="7. Children">
        <p>You must be at least {MINIMUM_AGE} years old to create an account. If we learn that an account belongs to someone younger, we remove it.</p>
      </LegalSection>
      <LegalSection heading="8. Changes">
        <p>We will announce material changes to this policy in the Community Hub before they take effect.</p>
      </LegalSection>
    </div>
  );
}
