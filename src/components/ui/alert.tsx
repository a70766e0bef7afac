import { cva, type VariantProps } from 'class-variance-authority';
import { AlertCircle, CheckCircle2, CloudOff, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const alertVariants = cva('flex items-start gap-2 rounded-md border px-3 py-2 text-sm text-foreground', {
  variants: {
    variant: {
      error: 'border-destructive/60 bg-destructive/10',
      success: 'border-emerald-600/60 bg-emerald-500/10',
      offline: 'border-amber-600/60 bg-amber-500/10',
      info: 'border-amber-600/60 bg-amber-500/10',
    },
  },
  defaultVariants: { variant: 'info' },
});

type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;

const ALERT_ICONS: Record<AlertVariant, LucideIcon> = {
  error: AlertCircle,
  success: CheckCircle2,
  offline: CloudOff,
  info: CheckCircle2,
};

/** An inline banner above a form; errors are announced at once, the rest politely. */
export function Alert({ className, variant, children, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  const Icon = ALERT_ICONS[variant ?? 'info'];
  return (
    <div data-slot="alert" role={variant === 'error' ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}
