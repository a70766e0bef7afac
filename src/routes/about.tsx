import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '@/features/static-pages/components/about-page';

export const Route = createFileRoute('/about')({
  staticData: { title: 'About' },
  component: AboutPage,
});
