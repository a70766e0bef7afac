import { createFileRoute } from '@tanstack/react-router';
import { SharedScreen } from '@/app/pwa/shared-screen';
import { sharedSearchSchema } from '@/lib/route-search';

/** Signed-in only: a visitor signs in first and comes back here, to the same shared item. */
export const Route = createFileRoute('/_signedIn/shared')({
  staticData: { title: 'Shared' },
  validateSearch: sharedSearchSchema,
  component: SharedRoute,
});

function SharedRoute() {
  return <SharedScreen sharedId={Route.useSearch().shared} />;
}
