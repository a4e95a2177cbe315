import { ActionIcon, Burger, Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { clearBrowserApiKey } from '../../api/auth';
import { serverConfigQueryOptions, useBrowserApiKey } from '../auth/session';
import { ConnectionBadge } from './ConnectionBadge';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

interface HeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function Header({ navOpened, onToggleNav }: HeaderProps) {
  const config = useQuery(serverConfigQueryOptions());
  const browserKey = useBrowserApiKey();
  // Only a key this tab holds can be signed out of; a server-held key is the server's business.
  const canSignOut = browserKey !== null && config.data?.discoveryKeyOnServer === false;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <UnstyledButton component={Link} to="/" aria-label="Rights Desk, start page">
          <Group gap="xs" wrap="nowrap">
            <Logo />
            <Text fw={700} size="lg" visibleFrom="xs">
              Rights Desk
            </Text>
          </Group>
        </UnstyledButton>
        <ConnectionBadge />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ThemeToggle />
        {canSignOut ? (
          <>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={14} aria-hidden />}
              onClick={clearBrowserApiKey}
              visibleFrom="sm"
            >
              Sign out
            </Button>
            <Tooltip label="Sign out" withArrow>
              <ActionIcon variant="default" size="lg" aria-label="Sign out" onClick={clearBrowserApiKey} hiddenFrom="sm">
                <IconLogout size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        ) : null}
      </Group>
    </Group>
  );
}
