import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/static-pages/components/privacy-page';

export const Route = createFileRoute('/privacy')({
  staticData: { title: 'Privacy Policy' },
  component: PrivacyPage,
});
