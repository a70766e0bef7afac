import { Link, useRouter, type LinkProps } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { MESSAGES } from '@/lib/shell-constants';
import { cn } from '@/lib/utils';

export type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  /** true goes to the previous page; a path goes there. */
  back?: true | LinkProps['to'];
  backLabel?: string;
  className?: string;
};

/** The shared heading of a screen; it slides in over 0.5 s unless the member asked for reduced motion. */
export function PageHeader({ title, subtitle, icon, actions, back, backLabel = MESSAGES.back, className }: PageHeaderProps) {
  const router = useRouter();
  return (
    <header className={cn('page-header-enter mb-6 flex flex-col gap-4', className)} data-testid="page-header">
      {back === true ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => router.history.back()}>
          <ArrowLeft aria-hidden />
          {backLabel}
        </Button>
      ) : back ? (
        <Button variant="ghost" size="sm" className="self-start" asChild>
          <Link to={back}>
            <ArrowLeft aria-hidden />
            {backLabel}
          </Link>
        </Button>
      ) : null}
      {/* Actions sit beside the title when they fit (a phone's first screen is short), below it when they do not. */}
      <div className="flex flex-wrap items-center justify-between gap-3 sm:gap-4">
        <div className="flex items-center gap-3">
          {icon ? (
            <div className="text-primary [&_svg]:size-8" aria-hidden>
              {icon}
            </div>
          ) : null}
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
          </div>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
