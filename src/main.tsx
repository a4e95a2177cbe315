import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { syncSessionWithRouter } from './app/auth/session-sync';
import { connectionHealth } from './app/connection-health';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

const queryClient = createQueryClient(connectionHealth);
const router = createAppRouter(queryClient);
syncSessionWithRouter(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} health={connectionHealth}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
