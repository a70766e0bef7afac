import { AlertCircle, CheckCircle2, CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function SettingsAlert({ kind, children, testId }: { kind: 'error' | 'success' | 'pending'; children: ReactNode; testId?: string }) {
  const Icon = kind === 'error' ? AlertCircle : kind === 'pending' ? CloudOff : CheckCircle2;
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
        kind === 'error' && 'border-destructive/60 bg-destructive/10',
        kind === 'success' && 'border-emerald-600/60 bg-emerald-500/10',
        kind === 'pending' && 'border-amber-600/60 bg-amber-500/10',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}
