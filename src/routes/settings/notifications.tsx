import { createFileRoute } from '@tanstack/react-router';
import { useAppData } from '@/app/data/data-context';
import { registerPeriodicRefresh } from '@/app/pwa/background-sync';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OfflineStorageSection } from '@/features/offline/components/offline-storage-section';
import { PushSettingsSection } from '@/features/push/components/push-settings-section';
import { BackgroundRefreshSection } from '@/features/settings/components/background-refresh-section';

export const Route = createFileRoute('/settings/notifications')({
  staticData: { title: 'Notification & Offline Settings' },
  component: NotificationSettingsScreen,
});

function NotificationSettingsScreen() {
  const { user } = useAuth();
  const data = useAppData();
  return (
    <div className="space-y-6">
      <PageHeader title="Notification & Offline Settings" />
      <PushSettingsSection userId={user?.id ?? null} />
      <OfflineStorageSection clearDevice={data.clearDevice} freeSpace={data.freeSpace} />
      <BackgroundRefreshSection apply={registerPeriodicRefresh} />
    </div>
  );
}
