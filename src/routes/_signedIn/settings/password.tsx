import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PasswordSettingsScreen } from '@/features/settings/components/password-settings-screen';
import { settingsMember } from '@/features/settings/model/member-from-user';

export const Route = createFileRoute('/_signedIn/settings/password')({
  staticData: { title: 'Change Password' },
  component: PasswordRoute,
});

function PasswordRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <PasswordSettingsScreen key={user.id} username={settingsMember(user).username} />;
}
