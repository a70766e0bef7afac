import { createFileRoute } from '@tanstack/react-router';
import { AdminScreen } from '@/features/admin/components/admin-screen';
import { useAuth } from '@/features/auth/hooks/use-auth';

export const Route = createFileRoute('/_admin/admin')({
  staticData: { title: 'Admin Zone' },
  component: AdminRoute,
});

function AdminRoute() {
  const { user, loading } = useAuth();
  return <AdminScreen member={loading ? undefined : user ? { id: user.id, role: user.role } : null} />;
}
