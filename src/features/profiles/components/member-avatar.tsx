import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { generatedAvatarUrl } from '@/lib/profile-rules';
import { cn } from '@/lib/utils';

/** Avatar with its fallbacks: own image, a generated one by username, initials, '??'. */
export function MemberAvatar({
  url,
  username,
  name,
  className,
  size,
}: {
  url?: string | null;
  username?: string | null;
  name?: string | null;
  className?: string;
  size?: number;
}) {
  const src = url || (username ? generatedAvatarUrl(username) : undefined);
  return (
    <Avatar className={cn(className)}>
      {src ? <AvatarImage src={src} alt="" size={size} /> : null}
      <AvatarFallback>{initialsOf(name || username)}</AvatarFallback>
    </Avatar>
  );
}
