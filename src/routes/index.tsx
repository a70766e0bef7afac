import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HomeScreen } from '@/features/home/components/home-screen';
import { OnlineUsersPanel } from '@/features/presence/components/online-users-panel';

export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  const { user } = useAuth();
  return <HomeScreen signedIn={Boolean(user)} onlinePanel={<OnlineUsersPanel />} />;
}
