import type { LinkProps } from '@tanstack/react-router';
import { BookOpen, Bot, HandHeart, Home, Info, Mail, MessagesSquare, Search, Users, type LucideIcon } from 'lucide-react';

export type NavItem = {
  to: LinkProps['to'];
  label: string;
  icon: LucideIcon;
  /** Shown only to signed-in members (the /dj-bot link). */
  signedInOnly?: boolean;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/directory', label: 'Directory', icon: Users },
  { to: '/discussions', label: 'Discussions', icon: MessagesSquare },
  { to: '/blog', label: 'Blog', icon: BookOpen },
  { to: '/search', label: 'Search', icon: Search },
  { to: '/dj-bot', label: 'DJ.Bot', icon: Bot, signedInOnly: true },
  { to: '/support-platform', label: 'Support Us', icon: HandHeart },
  { to: '/about', label: 'About', icon: Info },
  { to: '/contact', label: 'Contact', icon: Mail },
];

export function visibleNavItems(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.signedInOnly);
}
