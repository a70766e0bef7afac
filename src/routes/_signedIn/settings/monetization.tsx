import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { TipJarSettingsScreen } from '@/features/settings/components/tip-jar-settings-screen';
import { settingsMember } from '@/features/settings/model/member-from-user';

export const Route = createFileRoute('/_signedIn/settings/monetization')({
  staticData: { title: 'Tip Jar Settings' },
  component: MonetizationRoute,
});

/** The same screen as /settings/tip-jar (both addresses are in use). */
function MonetizationRoute() {
  const { user, updateProfile } = useAuth();
  if (!user) return null;
  return <TipJarSettingsScreen key={user.id} member={settingsMember(user)} save={updateProfile} />;
}
