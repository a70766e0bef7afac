import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ProfileSettingsScreen } from '@/features/settings/components/profile-settings-screen';
import { settingsMember } from '@/features/settings/model/member-from-user';

export const Route = createFileRoute('/_signedIn/settings/profile')({
  staticData: { title: 'Profile Settings' },
  component: ProfileSettingsRoute,
});

function ProfileSettingsRoute() {
  const { user, updateProfile } = useAuth();
  if (!user) return null;
  return <ProfileSettingsScreen key={user.id} member={settingsMember(user)} save={updateProfile} />;
}
