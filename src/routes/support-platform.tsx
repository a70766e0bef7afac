import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PlatformSupportScreen } from '@/features/support/components/platform-support-screen';

export const Route = createFileRoute('/support-platform')({
  staticData: { title: 'Support the Platform' },
  component: SupportPlatformRoute,
});

function SupportPlatformRoute() {
  const { user } = useAuth();
  return <PlatformSupportScreen signedIn={Boolean(user)} />;
}
