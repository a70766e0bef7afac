import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DirectoryScreen, type DirectorySearch } from '@/features/directory/components/directory-screen';
import { directorySearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/directory/$category')({
  staticData: { title: 'Community Directory' },
  validateSearch: directorySearchSchema,
  component: DirectoryCategoryRoute,
});

function DirectoryCategoryRoute() {
  const { category } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DirectorySearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <DirectoryScreen key={category} category={category} search={search} onSearchChange={onSearchChange} />;
}
