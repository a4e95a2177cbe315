import { Badge, Group, Popover, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { interfaceName, type ApiInterface } from '../../api/errors';
import type { ServerConfig } from '../../api/schemas/config';
import { serverConfigQueryOptions } from '../auth/session';
import { useConnectionProblems } from '../connection-health-context';

const INTERFACES: { key: keyof ServerConfig['interfaces']; iface: ApiInterface }[] = [
  { key: 'discovery', iface: 'discovery' },
  { key: 'detector', iface: 'detector' },
  { key: 'search', iface: 'search' },
];

/**
 * What the header badge says: "Sandbox" when Discovery is the embedded sandbox, otherwise Discovery's
 * host, marked "+ sandbox" when the detector or Search still run on the sandbox.
 */
export function connectionLabel(config: ServerConfig): string {
  const { discovery, detector, search } = config.interfaces;
  if (!discovery.configured) return 'Sandbox';
  return detector.configured && search.configured ? discovery.target : `${discovery.target} + sandbox`;
}

/** The header's connection badge; its popover lists the three interfaces and where they point. */
export function ConnectionBadge() {
  const config = useQuery(serverConfigQueryOptions());
  const problems = useConnectionProblems();
  // Controlled, so Escape also closes it while focus is still on the badge (the dropdown holds no
  // focusable element for Mantine's own Escape handling to see).
  const [opened, { toggle, close }] = useDisclosure(false);
  if (!config.data) return null;

  const sandbox = config.data.platform === 'sandbox';
  const label = connectionLabel(config.data);
  const unreachable = new Set(problems.map((problem) => problem.iface));

  return (
    <Popover width={340} position="bottom-start" withArrow shadow="md" opened={opened} onDismiss={close}>
      <Popover.Target>
        <UnstyledButton
          aria-label={`Connection: ${label}. Show interfaces`}
          aria-expanded={opened}
          onClick={toggle}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          style={{ borderRadius: 'var(--mantine-radius-xl)', flexShrink: 0 }}
        >
          <Badge
            size="lg"
            variant={sandbox ? 'filled' : 'light'}
            color={sandbox ? 'yellow' : 'desk'}
            autoContrast
            leftSection={<IconPlugConnected size={14} aria-hidden />}
            style={{ cursor: 'pointer', textTransform: 'none', overflow: 'visible' }}
          >
            {label}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {sandbox ? 'Connected to the embedded sandbox' : 'Connected to the platform'}
          </Text>
          {sandbox ? (
            <Text size="xs" c="dimmed">
              Demo data only: changes here never reach the real platform.
            </Text>
          ) : null}
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Interface</Table.Th>
                <Table.Th>Target</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {INTERFACES.map(({ key, iface }) => {
                const target = config.data.interfaces[key];
                return (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text size="sm">{interfaceName(iface)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {target.target}
                        </Text>
                        {unreachable.has(iface) ? (
                          <Badge size="xs" color="red" variant="light">
                            unreachable
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
