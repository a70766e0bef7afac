import { createFileRoute } from '@tanstack/react-router';
import { GuardGate } from '@/app/guard-gate';
import { requireAdmin } from '@/app/route-guards';

/** Pathless layout: routes under _admin/ are for administrators only. */
export const Route = createFileRoute('/_admin')({
  beforeLoad: requireAdmin,
  component: () => <GuardGate adminOnly />,
});
