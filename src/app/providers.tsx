import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ConnectionHealth } from './connection-health';
import { ConnectionHealthContext } from './connection-health-context';
import { COLOR_SCHEME_STORAGE_KEY, cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

interface AppProvidersProps {
  queryClient: QueryClient;
  health: ConnectionHealth;
  children: ReactNode;
  /** 'test' turns off transitions and portals (unit tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, health, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <ConnectionHealthContext.Provider value={health}>
          <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
            <Notifications position="top-right" limit={4} />
            {children}
          </ModalsProvider>
        </ConnectionHealthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
