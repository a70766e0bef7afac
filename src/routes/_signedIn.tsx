import { createFileRoute } from '@tanstack/react-router';
import { GuardGate } from '@/app/guard-gate';
import { requireSignedIn } from '@/app/route-guards';

/** Pathless layout: every route under _signedIn/ needs a signed-in member. */
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: requireSignedIn,
  component: () => <GuardGate />,
});
