import { describe, expect, it } from 'vitest';
import { NAV_GROUPS, NAV_ITEMS, firstNavItem, navItemForPath, navSections, type NavItem } from './nav';
import { QueryClient } from '@tanstack/react-query';
import { createAppRouter } from './router';
import { IconKey } from '@tabler/icons-react';

const item = (label: string, group: NavItem['group']): NavItem => ({ label, group, icon: IconKey, to: '/api-keys' });

describe('nav registry', () => {
  it('links only to routes that exist in the route tree', () => {
    const router = createAppRouter(new QueryClient());
    const paths = new Set(Object.keys(router.routesByPath));
    expect(paths).toContain('/');
    for (const entry of NAV_ITEMS) expect(paths, `${entry.label} → ${entry.to}`).toContain(entry.to);
  });

  it('puts every item in a known group', () => {
    for (const entry of NAV_ITEMS) expect(NAV_GROUPS).toContain(entry.group);
  });

  it('orders sections by group, drops empty groups and keeps registry order inside a group', () => {
    const items = [item('Copies', 'Rights'), item('Assets', 'Catalogue'), item('Monitoring', 'Rights'), item('Overview', 'Overview')];
    expect(navSections(items).map((section) => [section.group, section.items.map((entry) => entry.label)])).toEqual([
      ['Overview', ['Overview']],
      ['Catalogue', ['Assets']],
      ['Rights', ['Copies', 'Monitoring']],
    ]);
    expect(firstNavItem(items)?.label).toBe('Overview');
    expect(firstNavItem([])).toBeUndefined();
  });
});

describe('navItemForPath', () => {
  it('finds the area of a page and of the pages below it, not of look-alike paths', () => {
    const list: NavItem[] = [{ ...item('Copies', 'Rights'), to: '/copies' as NavItem['to'] }, item('API keys', 'Settings')];
    expect(navItemForPath('/copies', list)?.label).toBe('Copies');
    expect(navItemForPath('/copies/123', list)?.label).toBe('Copies');
    expect(navItemForPath('/copiesx', list)).toBeUndefined();
    expect(navItemForPath('/nowhere', list)).toBeUndefined();
  });
});
