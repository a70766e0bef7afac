import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import type { PresenceMember } from '../model/presence';

export function OnlineAvatar({ member, className }: { member: PresenceMember; className?: string }) {
  return (
    <span className="relative inline-flex">
      <Avatar className={cn('size-9', className)}>
        {member.avatar_url ? <AvatarImage src={member.avatar_url} alt="" /> : null}
        <AvatarFallback>{initialsOf(member.username)}</AvatarFallback>
      </Avatar>
      <span className="absolute bottom-0 right-0 size-2.5 rounded-full border-2 border-background bg-emerald-500" aria-hidden />
    </span>
  );
}
