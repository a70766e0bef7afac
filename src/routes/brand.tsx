import { createFileRoute } from '@tanstack/react-router';
import { BrandPage } from '@/features/static-pages/components/brand-page';

export const Route = createFileRoute('/brand')({
  staticData: { title: 'Brand' },
  component: BrandPage,
});
