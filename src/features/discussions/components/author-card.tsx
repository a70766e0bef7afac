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
    // Phones: one compact line (avatar, name, role, karma) above the post, like a conversation; wider screens: a column beside it.
    <div className="flex items-center gap-2 sm:w-40 sm:flex-col sm:items-center sm:gap-3 sm:text-center" data-testid="author-card">
      <Avatar className="size-8 shrink-0 sm:size-14">
        {author.avatar_url ? <AvatarImage src={author.avatar_url} alt="" /> : null}
        <AvatarFallback>{initialsOf(name)}</AvatarFallback>
      </Avatar>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 sm:block sm:space-y-1">
        <Link
          to="/profile/$username"
          params={{ username: author.username }}
          className="min-w-0 max-w-full truncate font-semibold hover:underline sm:block sm:whitespace-normal sm:break-words"
        >
          {name}
        </Link>
        <Badge variant="outline" className="px-1.5 py-0 text-[11px] sm:px-2.5 sm:py-0.5 sm:text-xs">
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
      className="member-html mt-3 border-t pt-2 text-xs text-muted-foreground [&_a]:text-primary [&_a]:underline"
      data-testid="post-signature"
      // Sanitized with the signature allow-list; member-html keeps it in its box.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
