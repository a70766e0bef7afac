import { createFileRoute } from '@tanstack/react-router';
import { useLayoutSlots } from '@/app/layout/layout-slots';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HomeScreen } from '@/features/home/components/home-screen';
import { OnlineUsersPanel } from '@/features/presence/components/online-users-panel';

export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  const { user } = useAuth();
  const { notifications } = useLayoutSlots();
  const member = user ? { name: user.display_name || user.username, notifications } : null;
  return <HomeScreen signedIn={Boolean(user)} member={member} onlinePanel={<OnlineUsersPanel />} />;
}
