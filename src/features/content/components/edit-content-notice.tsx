import { Link } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CONTENT_TEXTS } from '../constants';

/** /edit-content/{id}: editing is disabled for now. */
export function EditContentNotice({ username }: { username: string | null }) {
  return (
    <div className="mx-auto max-w-xl py-8">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2" role="heading" aria-level={1}>
            <Construction className="size-5 text-primary" aria-hidden />
            {CONTENT_TEXTS.editDisabledTitle}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-muted-foreground">{CONTENT_TEXTS.editDisabledBody}</p>
          <Button asChild>
            {username ? (
              <Link to="/profile/$username" params={{ username }}>
                {CONTENT_TEXTS.backToProfile}
              </Link>
            ) : (
              <Link to="/">{CONTENT_TEXTS.backToProfile}</Link>
            )}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
