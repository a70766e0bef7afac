import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/static-pages/components/terms-page';

export const Route = createFileRoute('/terms')({
  staticData: { title: 'Terms of Service' },
  component: TermsPage,
});
