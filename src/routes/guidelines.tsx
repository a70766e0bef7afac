import { createFileRoute } from '@tanstack/react-router';
import { GuidelinesPage } from '@/features/static-pages/components/guidelines-page';

export const Route = createFileRoute('/guidelines')({
  staticData: { title: 'Community Guidelines' },
  component: GuidelinesPage,
});
