import { useDeferredPopup } from '@/launch/deferred-popup';
import type { MergedUser } from '@/features/auth/model/merge-user';
import { AvatarButton } from './avatar-button';

// The menu's code (Radix menu, floating-ui) is not needed for the first paint, only when the avatar is used.
const loadAvatarMenu = () => import('./avatar-menu-content').then((m) => m.AvatarMenuLoaded);

/** My Profile, Profile Settings, Tip Jar Settings, Admin Dashboard (admins only) and Sign Out. */
export function AvatarMenu({ user }: { user: MergedUser }) {
  const { Loaded, triggerProps } = useDeferredPopup(loadAvatarMenu, 'menu');
  if (Loaded) return <Loaded user={user} defaultOpen />;
  return <AvatarButton user={user} {...triggerProps} />;
}
