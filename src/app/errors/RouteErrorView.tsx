import { Button } from '@mantine/core';
import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from '../../components/ErrorState';

/**
 * What a page shows when its loader or rendering failed. The shell stays; Retry clears the failed
 * queries and reloads the route.
 */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    // Lets suspense queries that threw into this boundary fetch again on the next render.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  const retry = () => {
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    reset();
    void router.invalidate();
  };

  return (
    <ErrorState
      title="This page could not be shown"
      error={error}
      onRetry={retry}
      actions={
        <Button size="xs" variant="subtle" component={Link} to="/">
          Go to the start page
        </Button>
      }
    />
  );
}
