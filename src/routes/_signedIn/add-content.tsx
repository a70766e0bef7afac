import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AddContentScreen } from '@/features/content/components/add-content-screen';
import { sharedSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/_signedIn/add-content')({
  staticData: { title: 'Add Content' },
  validateSearch: sharedSearchSchema,
  component: AddContentRoute,
});

function AddContentRoute() {
  const { user } = useAuth();
  const { shared } = Route.useSearch();
  return <AddContentScreen member={user ? { id: user.id, username: user.username } : null} sharedId={shared} />;
}
