import type { ComponentProps } from 'react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { MergedUser } from '@/features/auth/model/merge-user';

/** The account menu's trigger: the member's avatar, or their initials. */
export function AvatarButton({ user, ...props }: { user: MergedUser } & ComponentProps<typeof Button>) {
  const name = user.display_name || user.username;
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label={`Account menu for ${name}`} data-testid="avatar-menu" {...props}>
      <Avatar className="size-9">
        {user.avatar_url ? <AvatarImage src={user.avatar_url} alt="" /> : null}
        <AvatarFallback>{initialsOf(name)}</AvatarFallback>
      </Avatar>
    </Button>
  );
}
