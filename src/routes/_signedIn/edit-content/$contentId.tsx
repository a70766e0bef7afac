import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { EditContentNotice } from '@/features/content/components/edit-content-notice';

export const Route = createFileRoute('/_signedIn/edit-content/$contentId')({
  staticData: { title: 'Edit Content' },
  component: EditContentRoute,
});

function EditContentRoute() {
  const { user } = useAuth();
  return <EditContentNotice username={user?.username ?? null} />;
}
