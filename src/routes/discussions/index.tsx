import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HubScreen, type HubSearchState } from '@/features/discussions/components/hub-screen';
import { hubReadsServerFirst, serverDiscussions } from '@/features/discussions/model/server-hub';
import { hubSearchSchema } from '@/lib/route-search';

export const Route = createFileRoute('/discussions/')({
  staticData: { title: 'Community Hub' },
  validateSearch: hubSearchSchema,
  // An empty device reads the discussions from the server while the router renders the way there; the hub joins that read.
  loader: () => {
    if (hubReadsServerFirst()) serverDiscussions().catch(() => undefined);
  },
  component: HubRoute,
});

function HubRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user, loading } = useAuth();
  const member = user ? { id: user.id, role: user.role, username: user.username, display_name: user.display_name, avatar_url: user.avatar_url } : null;
  // Typing in the search box replaces the history entry instead of stacking one per key.
  const onSearchChange = (next: HubSearchState) => void navigate({ search: next, replace: true });
  return (
    <HubScreen
      search={search}
      onSearchChange={onSearchChange}
      member={member}
      authPending={loading}
      sharedId={search.shared}
      compose={search.compose !== undefined}
    />
  );
}
