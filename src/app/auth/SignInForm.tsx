import { Alert, Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { setBrowserApiKey } from '../../api/auth';
import { describeError, isApiError } from '../../api/errors';
import { checkApiKey } from './session';

interface SignInFormProps {
  /** The sandbox's public demo key, when /api/config offers one (never in the bundle). */
  demoKey?: string;
  onSignedIn?: () => void;
}

function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 401 || error.status === 403);
}

/**
 * Asks for the Discovery API key and keeps it only once Discovery accepts it (a list of the
 * organisation's keys is the cheapest call that needs a valid key).
 */
export function SignInForm({ demoKey, onSignedIn }: SignInFormProps) {
  const [key, setKey] = useState('');
  const [emptyError, setEmptyError] = useState(false);
  const check = useMutation({
    mutationFn: checkApiKey,
    meta: { iface: 'discovery' },
    onSuccess: (_data, checkedKey) => {
      setBrowserApiKey(checkedKey);
      onSignedIn?.();
    },
  });

  const signIn = (value: string) => {
    const trimmed = value.trim();
    setEmptyError(trimmed === '');
    if (trimmed === '') return;
    check.mutate(trimmed);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn(key);
  };

  const refused = isRefusal(check.error);
  const fieldError = emptyError
    ? 'Enter your Discovery API key.'
    : refused
      ? 'That key was refused by Discovery. Check that you copied all of it, or ask an administrator for a new one.'
      : undefined;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Discovery API key"
          description="Kept in this browser tab only and sent only to this server."
          value={key}
          onChange={(event) => {
            setKey(event.currentTarget.value);
            setEmptyError(false);
          }}
          error={fieldError}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          required
        />
        {check.error && !refused ? (
          <Alert color="red" variant="light" title="Could not check the key" role="alert">
            {describeError(check.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={check.isPending}>
          Sign in
        </Button>
        {demoKey ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconFlask aria-hidden />}
            title="Sandbox"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Stack gap="xs">
              <Text size="sm">
                This server talks to the embedded sandbox. Its demo organisation signs in with the key{' '}
                <Code>{demoKey}</Code>.
              </Text>
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  disabled={check.isPending}
                  onClick={() => {
                    setKey(demoKey);
                    signIn(demoKey);
                  }}
                >
                  Use demo key
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
