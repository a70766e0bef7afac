import { redirect } from '@tanstack/react-router';
import { decideAdmin, decideSignedIn, type GuardDecision } from './guards';
import type { RouterContext } from './router-context';

type BeforeLoadArgs = { context: RouterContext; location: { href: string } };

function enforce(decision: GuardDecision): void {
  if (decision.kind !== 'redirect') return;
  if (decision.to === '/login') throw redirect({ to: '/login', search: decision.search, replace: true });
  throw redirect({ to: '/', replace: true, state: { navigationError: decision.navigationError } });
}

/** beforeLoad of the signed-in layout route. */
export function requireSignedIn({ context, location }: BeforeLoadArgs): void {
  enforce(decideSignedIn(context.auth, location.href));
}

/** beforeLoad of the admin layout route. */
export function requireAdmin({ context, location }: BeforeLoadArgs): void {
  enforce(decideAdmin(context.auth, location.href));
}
