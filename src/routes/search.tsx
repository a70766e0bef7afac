import { createFileRoute } from '@tanstack/react-router';
import { SearchScreen } from '@/features/search/components/search-screen';
import { searchPageSchema } from '@/lib/route-search';

export const Route = createFileRoute('/search')({
  staticData: { title: 'Search' },
  validateSearch: searchPageSchema,
  component: SearchRoute,
});

function SearchRoute() {
  const { q, type, page } = Route.useSearch();
  return <SearchScreen q={q} type={type} page={page} />;
}
