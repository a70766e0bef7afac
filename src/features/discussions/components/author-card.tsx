import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { sanitizeSignatureHtml } from '@/lib/sanitize';
import { roleLabel } from '@/lib/profile-rules';
import { THREAD_TEXT } from '../constants';
import type { AuthorProfile } from '../model/types';

/** Avatar, name, role, karma and signature of a post's author. */
export function AuthorCard({ author }: { author: AuthorProfile }) {
  const name = author.display_name || author.username;
  return (
    <div className="flex items-start gap-3 sm:w-40 sm:flex-col sm:items-center sm:text-center" data-testid="author-card">
      <Avatar className="size-10 sm:size-14">
        {author.avatar_url ? <AvatarImage src={author.avatar_url} alt="" /> : null}
        <AvatarFallback>{initialsOf(name)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 space-y-1">
        <Link to="/profile/$username" params={{ username: author.username }} className="block break-words font-semibold hover:underline">
          {name}
        </Link>
        <Badge variant="outline">
          {roleLabel(author.role)}
        </Badge>
        <p className="text-xs text-muted-foreground">
          {THREAD_TEXT.karma}: {author.karma}
        </p>
      </div>
    </div>
  );
}

export function Signature({ html }: { html: string | null }) {
  const clean = useMemo(() => (html ? sanitizeSignatureHtml(html) : ''), [html]);
  if (!clean.trim()) return null;
  return (
    <div
      className="mt-3 border-t pt-2 text-xs text-muted-foreground [&_a]:text-primary [&_a]:underline"
      data-testid="post-signature"
      // Sanitized with the signature allow-list (spec B section 5).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
