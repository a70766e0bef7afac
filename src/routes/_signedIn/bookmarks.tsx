import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BookmarksScreen } from '@/features/bookmarks/components/bookmarks-screen';

export const Route = createFileRoute('/_signedIn/bookmarks')({
  staticData: { title: 'Bookmarks' },
  component: BookmarksRoute,
});

function BookmarksRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <BookmarksScreen userId={user.id} />;
}
