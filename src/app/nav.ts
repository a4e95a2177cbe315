import type { LinkProps } from '@tanstack/react-router';
import { IconVinyl } from '@tabler/icons-react';
import { IconRobot } from '@tabler/icons-react';
import { IconMusicSearch } from '@tabler/icons-react';
import { IconBroadcast, IconLayoutDashboard } from '@tabler/icons-react';
import { IconCopy, IconFolders, IconKey, IconMusic, IconShieldCheck, type Icon } from '@tabler/icons-react';

/** Navbar sections in display order; `Overview` items sit above the groups, without a heading. */
export const NAV_GROUPS = ['Overview', 'Catalogue', 'Rights', 'Tools', 'Settings'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  label: string;
  /** A registered route path; the type rejects paths that are not in the route tree. */
  to: NonNullable<LinkProps['to']>;
  icon: Icon;
  group: NavGroup;
}

/**
 * The areas that ship. Only working areas are listed here (an entry appears in the navbar, in the
 * `/` redirect and in the e2e tour of every area). To add an area: its route file under
 * src/routes/, one import and one entry in the route tree (src/app/router.tsx), one entry here.
 * Groups: Catalogue = Assets, Collections, Whitelists; Rights = Copies, Monitoring;
 * Tools = AI detection, Search, Sound metadata; Settings = API keys.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Overview', to: '/', icon: IconLayoutDashboard, group: 'Overview' },
  { label: 'Assets', to: '/assets', icon: IconMusic, group: 'Catalogue' },
  { label: 'Collections', to: '/collections', icon: IconFolders, group: 'Catalogue' },
  { label: 'Whitelists', to: '/whitelists', icon: IconShieldCheck, group: 'Catalogue' },
  { label: 'Copies', to: '/copies', icon: IconCopy, group: 'Rights' },
  { label: 'Monitoring', to: '/monitoring', icon: IconBroadcast, group: 'Rights' },
  { label: 'AI detection', to: '/detector', icon: IconRobot, group: 'Tools' },
  { label: 'Search', to: '/search', icon: IconMusicSearch, group: 'Tools' },
  { label: 'Sound metadata', to: '/sound-metadata', icon: IconVinyl, group: 'Tools' },
  { label: 'API keys', to: '/api-keys', icon: IconKey, group: 'Settings' },
];

export interface NavSection {
  group: NavGroup;
  items: NavItem[];
}

/** Items grouped for the navbar, groups in NAV_GROUPS order, items in registry order, empty groups left out. */
export function navSections(items: readonly NavItem[] = NAV_ITEMS): NavSection[] {
  return NAV_GROUPS.map((group) => ({ group, items: items.filter((item) => item.group === group) })).filter(
    (section) => section.items.length > 0,
  );
}

/** Where `/` leads until an overview exists: the first area shown in the navbar. */
export function firstNavItem(items: readonly NavItem[] = NAV_ITEMS): NavItem | undefined {
  return navSections(items)[0]?.items[0];
}

/** The registered area `pathname` belongs to (its own page or one below it). */
export function navItemForPath(pathname: string, items: readonly NavItem[] = NAV_ITEMS): NavItem | undefined {
  return items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
}

/** The browser tab's title for a page of Rights Desk. */
export function documentTitle(page: string): string {
  return `${page} · Rights Desk`;
}
