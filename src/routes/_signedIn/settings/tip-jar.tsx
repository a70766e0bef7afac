import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { TipJarSettingsScreen } from '@/features/settings/components/tip-jar-settings-screen';
import { settingsMember } from '@/features/settings/model/member-from-user';

export const Route = createFileRoute('/_signedIn/settings/tip-jar')({
  staticData: { title: 'Tip Jar Settings' },
  component: TipJarRoute,
});

/** The same screen as /settings/monetization (both addresses are in use). */
function TipJarRoute() {
  const { user, updateProfile } = useAuth();
  if (!user) return null;
  return <TipJarSettingsScreen key={user.id} member={settingsMember(user)} save={updateProfile} />;
}
