import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clearBrowserApiKey, onUnauthorized } from '../../api/auth';
import { serverConfigQueryOptions, useBrowserApiKey } from './session';
import { SignInForm } from './SignInForm';

/**
 * When Discovery refuses the tab's key later on (it was revoked, say), sign-in opens over the app
 * instead of replacing it: the page, its URL and anything typed into it stay, and the failed
 * requests run again once a key is accepted.
 */
export function ReauthModal() {
  const [refused, setRefused] = useState(false);
  const browserKey = useBrowserApiKey();
  const config = useQuery(serverConfigQueryOptions());

  useEffect(() => onUnauthorized(() => setRefused(true)), []);

  // A server-held key is not the user's to replace; without a key the sign-in screen takes over.
  const opened = refused && browserKey !== null && config.data?.discoveryKeyOnServer === false;

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Sign in again"
    >
      <Stack gap="md">
        <Text size="sm">
          Discovery refused the API key this tab was using; it may have been revoked. Sign in with a
          valid key to carry on: this page and anything you typed stay as they are.
        </Text>
        <SignInForm demoKey={config.data?.sandboxDemoKey} onSignedIn={() => setRefused(false)} />
        <Button variant="subtle" color="gray" onClick={clearBrowserApiKey}>
          Sign out instead
        </Button>
      </Stack>
    </Modal>
  );
}
