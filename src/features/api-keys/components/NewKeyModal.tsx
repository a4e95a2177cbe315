import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKey } from '../../../api/schemas/discovery';
import { CopyIconButton } from '../../../components/CopyIconButton';

interface NewKeyModalProps {
  apiKey: ApiKey | null;
  onClose: () => void;
}

/** Shows a newly created key's full token once, with a copy button. */
export function NewKeyModal({ apiKey, onClose }: NewKeyModalProps) {
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="API key created" size="lg" centered>
      {apiKey ? (
        <Stack gap="md">
          <Text size="sm">
            Copy the token of <strong>{apiKey.key_name}</strong> now and keep it where your team keeps
            secrets. This is the only time Rights Desk shows it in full without being asked.
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="new-key-token">
              {apiKey.token}
            </Code>
            <CopyIconButton value={apiKey.token} label={`Copy token of ${apiKey.key_name}`} />
          </Group>
          <Text size="xs" c="dimmed">
            Discovery's key list returns every key's token (spec 2.10), so anyone signed in to this
            organisation can still reveal it from the list later. Treat it like a password, and revoke
            it if it leaks.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
