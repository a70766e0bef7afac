import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DirectoryScreen, type DirectorySearch } from '@/features/directory/components/directory-screen';
import { directorySearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/directory/')({
  staticData: { title: 'Community Directory' },
  validateSearch: directorySearchSchema,
  component: DirectoryRoute,
});

function DirectoryRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DirectorySearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <DirectoryScreen search={search} onSearchChange={onSearchChange} />;
}
