import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createCopyStatus, deleteCopyStatus } from '../../../api/discovery';
import { describeError } from '../../../api/errors';
import type { CopyStatus } from '../../../api/schemas/discovery';
import { MAX_CUSTOM_COPY_STATUSES } from '../../../api/schemas/discovery';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate } from '../../../lib/format';
import { useLegend } from '../hooks';
import { copiesKeys } from '../queries';
import type { StatusEntry } from '../statuses';
import { customStatusCount, customStatusRefusal } from '../statuses';
import { toneClass, toneStyle } from './tone';

/** When to reach for each built-in code: the spec gives the titles; this is the working guidance. */
const BUILT_IN_GUIDANCE: Readonly<Record<string, string>> = {
  '10': 'The copy is a cover: someone else performing the work, not your recording.',
  '11': 'The match relies on audio the copy does not actually contain.',
  '12': 'The match relies on video the copy does not actually contain.',
  '13': 'The matched content is not yours (for example a shared sample or public-domain material).',
  '30': 'Handled outside the platform (legal letter, direct agreement).',
  '40': 'The copy uses your content without permission.',
  '50': 'Use is allowed: commentary, criticism, parody or another fair use.',
  '60': 'Needs another look, for example by a colleague or legal.',
  '70': 'A claim was sent to the platform.',
  '71': 'A takedown request was sent to the platform.',
  '72': 'A takedown was asked to be withdrawn.',
};

function BuiltInTable({ entries }: { entries: readonly StatusEntry[] }) {
  return (
    <Table striped highlightOnHover verticalSpacing="xs" data-testid="builtin-statuses">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={70}>Code</Table.Th>
          <Table.Th w={90}>Key</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Use it when</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.code}>
            <Table.Td ff="monospace">{entry.code}</Table.Td>
            <Table.Td>{entry.hotkey ?? '—'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={entry.color} radius="sm" style={toneStyle(entry.color)} classNames={{ label: toneClass }}>
                {entry.title}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{BUILT_IN_GUIDANCE[entry.code] ?? ''}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The organisation's copy statuses: built-in codes explained, custom ones created and deleted here. */
export function StatusesPage() {
  const queryClient = useQueryClient();
  const { legend, query } = useLegend();
  const [title, setTitle] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const statuses: readonly CopyStatus[] = query.data ?? [];
  const builtIns = legend.filter((e) => e.builtIn);
  const customs = legend.filter((e) => !e.builtIn);
  const customRows = customs.map((entry) => ({ entry, status: statuses.find((s) => s.status === entry.code) }));
  const used = customStatusCount(statuses);
  const full = used >= MAX_CUSTOM_COPY_STATUSES;

  const create = useMutation({
    mutationFn: (newTitle: string) => createCopyStatus(newTitle),
    meta: { iface: 'discovery' },
    onSuccess: (created) => {
      queryClient.setQueryData<CopyStatus[]>(copiesKeys.statuses(), (current) => (current ? [...current.filter((s) => s.status !== created.status), created] : current));
      void queryClient.invalidateQueries({ queryKey: copiesKeys.statuses() });
      setTitle('');
      notifications.show({ color: 'teal', title: 'Status created', message: `“${created.title}” has code ${created.status}.` });
    },
    onError: (error) => setRefusal(describeError(error)),
  });

  const remove = useMutation({
    mutationFn: (status: CopyStatus) => deleteCopyStatus(status.status),
    meta: { iface: 'discovery' },
    onSuccess: (_data, status) => {
      queryClient.setQueryData<CopyStatus[]>(copiesKeys.statuses(), (current) => current?.filter((s) => s.status !== status.status));
      void queryClient.invalidateQueries({ queryKey: copiesKeys.statuses() });
      // The platform takes the code off every copy that held it.
      void queryClient.invalidateQueries({ queryKey: copiesKeys.all });
      notifications.show({ color: 'teal', title: 'Status deleted', message: `“${status.title}” is gone, and no copy holds it any more.` });
    },
    onError: (error, status) => notifications.show({ color: 'red', title: `Could not delete “${status.title}”`, message: describeError(error), autoClose: false }),
  });

  const submit = () => {
    const reason = customStatusRefusal(statuses, title);
    setRefusal(reason);
    if (reason) return;
    create.mutate(title.trim());
  };

  const confirmDelete = (status: CopyStatus) =>
    modals.openConfirmModal({
      title: `Delete “${status.title}”?`,
      children: (
        <Text size="sm">
          Code {status.status} will be removed from every copy that holds it. This cannot be undone; a new status would get a new code.
        </Text>
      ),
      labels: { confirm: 'Delete status', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(status),
    });

  return (
    <Stack gap="md" pb="xl">
      <Anchor component={Link} to="/copies" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Copies
        </Group>
      </Anchor>
      <PageHeader
        title="Copy statuses"
        description="The labels a copy can carry. A copy may hold several at once. Built-in codes are the platform’s; up to five custom ones are your organisation’s."
      />
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <ErrorState error={query.error} title="Could not load the statuses" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Card withBorder radius="md" data-testid="custom-statuses">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                Custom statuses
              </Title>
              <Badge
                variant="light"
                color={full ? 'orange' : 'gray'}
                style={toneStyle(full ? 'orange' : 'gray')}
                classNames={{ label: toneClass }}
                data-testid="custom-count"
              >
                {used} of {MAX_CUSTOM_COPY_STATUSES} used
              </Badge>
            </Group>
            {customRows.length === 0 ? (
              <Text size="sm" c="dimmed" mb="sm">
                No custom statuses yet.
              </Text>
            ) : (
              <Table verticalSpacing="xs" mb="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={120}>Code</Table.Th>
                    <Table.Th>Title</Table.Th>
                    <Table.Th w={140}>Created</Table.Th>
                    <Table.Th w={60}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {customRows.map(({ entry, status }) => (
                    <Table.Tr key={entry.code} data-testid="custom-status-row">
                      <Table.Td ff="monospace">{entry.code}</Table.Td>
                      <Table.Td>{entry.title}</Table.Td>
                      <Table.Td>{formatDate(status?.created_at)}</Table.Td>
                      <Table.Td>
                        <Tooltip label={`Delete “${entry.title}”`} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${entry.title}`}
                            loading={remove.isPending && remove.variables?.status === entry.code}
                            onClick={() => status && confirmDelete(status)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <form
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <Group align="flex-end" gap="sm">
                <TextInput
                  label="New custom status"
                  placeholder="e.g. Licensed via partner"
                  value={title}
                  onChange={(event) => {
                    setTitle(event.currentTarget.value);
                    setRefusal(null);
                  }}
                  maxLength={100}
                  w={320}
                />
                <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending}>
                  Create status
                </Button>
              </Group>
            </form>
            {full && !refusal ? (
              <Text size="xs" mt="xs" className={toneClass} style={toneStyle('orange')}>
                The platform allows at most {MAX_CUSTOM_COPY_STATUSES} custom statuses per organisation; delete one before creating another.
              </Text>
            ) : null}
            {refusal ? (
              <Alert color="orange" style={toneStyle('orange')} classNames={{ title: toneClass }} mt="sm" title="Not created" data-testid="status-refusal" role="alert">
                {refusal}
              </Alert>
            ) : null}
          </Card>
          <Card withBorder radius="md">
            <Title order={2} size="h4" mb="sm">
              Built-in statuses
            </Title>
            <BuiltInTable entries={builtIns} />
          </Card>
        </>
      )}
    </Stack>
  );
}
