import { ActionIcon, Badge, Button, Code, Group, Loader, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiKey } from '../../../api/schemas/discovery';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { formatDateTime } from '../../../lib/format';
import { maskToken } from '../tokens';

interface ApiKeysTableProps {
  keys: readonly ApiKey[];
  /** Names of keys being created: shown as rows without a token yet. */
  pendingNames: readonly string[];
  /** The token this tab signs in with, to mark its row. */
  tokenInUse: string | null;
  onRevoke: (key: ApiKey) => void;
}

function TokenCell({ apiKey }: { apiKey: ApiKey }) {
  const [revealed, setRevealed] = useState(false);
  const name = apiKey.key_name || 'unnamed key';
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ whiteSpace: 'nowrap' }}>
        {revealed ? apiKey.token : maskToken(apiKey.token)}
      </Code>
      <Tooltip label={revealed ? 'Hide token' : 'Show token'} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`${revealed ? 'Hide' : 'Show'} token of ${name}`}
          aria-pressed={revealed}
          onClick={() => setRevealed((value) => !value)}
        >
          {revealed ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <CopyIconButton value={apiKey.token} label={`Copy token of ${name}`} />
    </Group>
  );
}

export function ApiKeysTable({ keys, pendingNames, tokenInUse, onRevoke }: ApiKeysTableProps) {
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" highlightOnHover>
        <VisuallyHidden component="caption">API keys of the organisation</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Token</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pendingNames.map((name, index) => (
            <Table.Tr key={`pending-${index}`} aria-busy="true">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
              </Table.Td>
              <Table.Td colSpan={3}>
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    Creating…
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {keys.map((key) => {
            const inUse = key.token === tokenInUse;
            const name = key.key_name || 'unnamed key';
            return (
              <Table.Tr key={key.token}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500} fs={key.key_name ? undefined : 'italic'}>
                      {name}
                    </Text>
                    {inUse ? (
                      <Badge size="sm" variant="light" color="desk">
                        Used by this tab
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" component="time" dateTime={key.created_at}>
                    {formatDateTime(key.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TokenCell apiKey={key} />
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={`Revoke ${name}`}
                    onClick={() => onRevoke(key)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
