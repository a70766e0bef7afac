import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader, type PageHeaderProps } from '@/components/ui/page-header';

type RoutePlaceholderProps = Pick<PageHeaderProps, 'back' | 'backLabel' | 'icon'> & {
  title: string;
  subtitle?: ReactNode;
  /** What this screen will show once its feature lands, in the member's words. */
  coming: string[];
};

/** An honest stand-in for a screen that another part of the work will fill. */
export function RoutePlaceholder({ title, subtitle, coming, ...header }: RoutePlaceholderProps) {
  return (
    <div data-testid="route-placeholder">
      <PageHeader title={title} subtitle={subtitle} {...header} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Construction className="size-5 text-primary" aria-hidden />
            This screen is being built
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="mb-2 text-sm text-muted-foreground">It will show:</p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {coming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
