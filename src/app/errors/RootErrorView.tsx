import { Box, Center, Stack } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '../../components/ErrorState';
import { isSignInRequired } from '../auth/session';
import { SignInScreen } from '../auth/SignInScreen';

/**
 * The root route's error view. Sign-in arrives here as an error (see SignInRequiredError); any other
 * root failure (the server's configuration could not be read, the shell crashed) gets a full-page
 * explanation with Retry, since there is no shell to show it in.
 */
export function RootErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  if (isSignInRequired(error)) return <SignInScreen />;

  const retry = () => {
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    reset();
    void router.invalidate();
  };

  return (
    <Center component="main" mih="100vh" p="md">
      <Box w="100%" maw={560}>
        <Stack>
          <ErrorState title="Rights Desk could not start" error={error} onRetry={retry} />
        </Stack>
      </Box>
    </Center>
  );
}
