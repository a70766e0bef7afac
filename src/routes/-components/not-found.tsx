import { Link } from '@tanstack/react-router';
import { Disc3 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

export function NotFound() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" data-testid="not-found">
      <Disc3 className="size-16 text-primary" aria-hidden />
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">This track skipped: the page you were looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
