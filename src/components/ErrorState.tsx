import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError, isApiError } from '../api/errors';

interface ErrorStateProps {
  error: unknown;
  title?: string;
  /** Shown as a Retry button when given. */
  onRetry?: () => void;
  /** Further actions next to Retry (links home, sign out…). */
  actions?: ReactNode;
}

/** An error explained in words, with the request id support asks for and a way to try again. */
export function ErrorState({ error, title = 'Something went wrong', onRetry, actions }: ErrorStateProps) {
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="sm">
        <Text size="sm">{describeError(error)}</Text>
        {requestId && !describeError(error).includes(requestId) ? (
          <Text size="xs" c="dimmed">
            Request id: {requestId}
          </Text>
        ) : null}
        {onRetry || actions ? (
          <Group gap="sm">
            {onRetry ? (
              <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
                Retry
              </Button>
            ) : null}
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
