import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RejectedDraftsScreen } from '@/features/discussions/components/rejected-drafts-screen';

export const Route = createFileRoute('/discussions/drafts')({
  staticData: { title: 'Not sent' },
  component: DraftsRoute,
});

function DraftsRoute() {
  const { user } = useAuth();
  return <RejectedDraftsScreen memberId={user?.id ?? null} />;
}
