import { AlertCircle, CheckCircle2, CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type FormAlertProps = { kind: 'error' | 'success' | 'offline' | 'info'; children: ReactNode; testId?: string };

/** An inline banner above a form; errors are announced at once, the rest politely. */
export function FormAlert({ kind, children, testId }: FormAlertProps) {
  const Icon = kind === 'error' ? AlertCircle : kind === 'offline' ? CloudOff : CheckCircle2;
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
        kind === 'error' && 'border-destructive/60 bg-destructive/10 text-foreground',
        kind === 'success' && 'border-emerald-600/60 bg-emerald-500/10 text-foreground',
        (kind === 'offline' || kind === 'info') && 'border-amber-600/60 bg-amber-500/10 text-foreground',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}
