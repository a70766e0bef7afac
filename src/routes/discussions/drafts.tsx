import { createFileRoute } from '@tanstack/react-router';
import { useAppData } from '@/app/data/data-context';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RejectedDraftsScreen } from '@/features/discussions/components/rejected-drafts-screen';

export const Route = createFileRoute('/discussions/drafts')({
  staticData: { title: 'Not sent' },
  component: DraftsRoute,
});

function DraftsRoute() {
  const { user } = useAuth();
  const { db } = useAppData();
  return <RejectedDraftsScreen db={db} memberId={user?.id ?? null} />;
}
