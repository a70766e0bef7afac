import { Link } from '@tanstack/react-router';
import { Bookmark, LayoutDashboard, LogOut, Settings, User, Wallet } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isAdmin, type MergedUser } from '@/features/auth/model/merge-user';
import { toast } from '@/stores/toast-store';
import { AvatarButton } from './avatar-button';

/** The account menu itself, loaded on first use: My Profile, Bookmarks, Profile Settings, Tip Jar Settings, Admin Dashboard (admins only) and Sign Out. */
export function AvatarMenuLoaded({ user, defaultOpen = false }: { user: MergedUser; defaultOpen?: boolean }) {
  const { signOut } = useAuth();
  const name = user.display_name || user.username;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AvatarButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate">
          {name}
          <span className="block truncate text-xs font-normal text-muted-foreground">@{user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile/$username" params={{ username: user.username || user.id }}>
            <User aria-hidden /> My Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/bookmarks">
            <Bookmark aria-hidden /> Bookmarks
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/profile">
            <Settings aria-hidden /> Profile Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/tip-jar">
            <Wallet aria-hidden /> Tip Jar Settings
          </Link>
        </DropdownMenuItem>
        {isAdmin(user) ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard aria-hidden /> Admin Dashboard
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            signOut().catch((error: unknown) => {
              toast({ variant: 'destructive', title: 'Sign out failed', description: error instanceof Error ? error.message : String(error) });
            });
          }}
        >
          <LogOut aria-hidden /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
