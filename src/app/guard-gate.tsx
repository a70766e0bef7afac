import { Outlet } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MESSAGES } from '@/lib/shell-constants';

/**
 * Renders a guarded subtree once a member is known. Until then (session still
 * loading, or a redirect about to happen) it shows 'Authenticating...'.
 */
export function GuardGate({ adminOnly = false }: { adminOnly?: boolean }) {
  const { user } = useAuth();
  if (!user || (adminOnly && user.role !== 'admin')) return <Authenticating />;
  return <Outlet />;
}

export function Authenticating() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center gap-3 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span>{MESSAGES.authenticating}</span>
    </div>
  );
}
