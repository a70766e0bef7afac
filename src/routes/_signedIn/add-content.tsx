import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AddContentScreen } from '@/features/content/components/add-content-screen';

export const Route = createFileRoute('/_signedIn/add-content')({
  staticData: { title: 'Add Content' },
  component: AddContentRoute,
});

function AddContentRoute() {
  const { user } = useAuth();
  return <AddContentScreen member={user ? { id: user.id, username: user.username } : null} />;
}
