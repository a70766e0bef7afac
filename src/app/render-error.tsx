import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { MESSAGES } from '@/lib/shell-constants';

function reloadPage(): void {
  window.location.reload();
}

/** What a member sees when a screen fails to render: what happened and a way out. */
export function RenderErrorMessage({ onReload = reloadPage }: { onReload?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-16 text-center" role="alert" data-testid="render-error">
      <AlertTriangle className="size-12 text-destructive" aria-hidden />
      <h1 className="text-2xl font-bold">{MESSAGES.renderErrorTitle}</h1>
      <p className="max-w-md text-muted-foreground">{MESSAGES.renderErrorBody}</p>
      <Button onClick={onReload}>{MESSAGES.reload}</Button>
    </div>
  );
}

/**
 * The router's error component for every route: the failing screen is
 * replaced inside the layout, so the header and navigation stay usable.
 */
export function RouteError({ error }: { error: unknown }) {
  console.error(error);
  return <RenderErrorMessage />;
}

type BoundaryProps = { children: ReactNode; onReload?: () => void };

/**
 * The last wall, around the whole app: a render error outside any route
 * (providers, the layout itself) shows a message and a reload instead of a
 * blank page.
 */
export class AppErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RenderErrorMessage onReload={this.props.onReload} /> : this.props.children;
  }
}
