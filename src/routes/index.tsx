import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HomeScreen } from '@/features/home/components/home-screen';
import { OnlineUsersPanel } from '@/features/presence/components/online-users-panel';

export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  const { user } = useAuth();
  const member = useMemo(() => (user ? { id: user.id, username: user.username, avatar_url: user.avatar_url } : null), [user]);
  return <HomeScreen signedIn={Boolean(user)} onlinePanel={<OnlineUsersPanel member={member} />} />;
}
