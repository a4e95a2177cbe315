import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useMatchRoute } from '@tanstack/react-router';
import { navSections } from '../nav';

/** The navbar: registered areas, grouped. */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const matchRoute = useMatchRoute();
  return (
    <Stack gap="md">
      {navSections().map((section) => (
        <Stack key={section.group} gap={2} component="section" aria-labelledby={`nav-group-${section.group}`}>
          {section.group === 'Overview' ? null : (
            <Text id={`nav-group-${section.group}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {section.group}
            </Text>
          )}
          {section.items.map((item) => {
            const ItemIcon = item.icon;
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<ItemIcon size={18} stroke={1.6} aria-hidden />}
                // `/` (the overview) would match every page fuzzily: it is active only on itself.
                activeOptions={{ exact: item.to === '/' }}
                active={Boolean(matchRoute({ to: item.to, fuzzy: item.to !== '/' }))}
                onClick={onNavigate}
              />
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
