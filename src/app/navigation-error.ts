import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@/lib/shell-constants';
import { toast } from '@/stores/toast-store';

const DESCRIPTIONS: Record<string, string> = {
  [MESSAGES.unauthorizedAdminAccess]: 'Only administrators can open the Admin Zone.',
};

/** Shows the navigation error a guard left in the history state, once per arrival. */
export function useNavigationErrorToast(): void {
  const state = useRouterState({ select: (s) => s.location.state });
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    const code = state.navigationError;
    const key = state.__TSR_key ?? state.key;
    if (!code || shown.current === key) return;
    shown.current = key;
    toast({ variant: 'destructive', title: 'Access Denied', description: `${DESCRIPTIONS[code] ?? code} (${code})` });
  }, [state]);
}
