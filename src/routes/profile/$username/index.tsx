import { createFileRoute } from '@tanstack/react-router';
import { useAppData } from '@/app/data/data-context';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ProfileScreen } from '@/features/profiles/components/profile-screen';
import { profileReadsServerFirst, serverProfile } from '@/features/profiles/model/server-profile';

export const Route = createFileRoute('/profile/$username/')({
  staticData: { title: 'Profile' },
  // An empty device reads the profile from the server while the router renders the way there; the screen joins that read.
  loader: ({ params }) => {
    if (profileReadsServerFirst(params.username)) serverProfile(params.username).catch(() => undefined);
  },
  component: ProfileRoute,
});

function ProfileRoute() {
  const { username } = Route.useParams();
  const { user, loading } = useAuth();
  const { sync } = useAppData();
  return (
    <ProfileScreen
      key={username}
      username={username}
      viewer={user ? { id: user.id, email: user.email ?? null } : null}
      viewerPending={!user && loading}
      sync={sync}
    />
  );
}
