import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { NotificationsScreen } from '@/features/notifications/components/notifications-screen';

export const Route = createFileRoute('/_signedIn/notifications')({
  staticData: { title: 'Notifications' },
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <NotificationsScreen userId={user.id} />;
}
