import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ProfileScreen } from '@/features/profiles/components/profile-screen';

export const Route = createFileRoute('/profile/$username/')({
  staticData: { title: 'Profile' },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { username } = Route.useParams();
  const { user } = useAuth();
  return <ProfileScreen key={username} username={username} viewer={user ? { id: user.id, email: user.email ?? null } : null} />;
}
