import { ActionIcon, Alert, Anchor, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { asId, describeError, isApiError, type Id, type Whitelist, type WhitelistUrl } from '../../../api';
import { confirmDelete } from '../../../components/confirm-delete';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { DetailField } from '../../../components/DetailField';
import { ErrorState } from '../../../components/ErrorState';
import { ExternalLink } from '../../../components/ExternalLink';
import { LoadMoreFooter } from '../../../components/LoadMoreFooter';
import { PageHeader } from '../../../components/PageHeader';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatDate, formatDateTime, formatInteger, MISSING } from '../../../lib/format';
import { safeHttpUrl } from '../../../lib/safe-url';
import { describePeriod } from '../period';
import { useAddWhitelistUrl, useDeleteWhitelist, useDeleteWhitelistUrl, whitelistQuery, whitelistUrlsInfiniteQuery } from '../queries';
import { PeriodBadge } from './PeriodBadge';

export function WhitelistDetailPage({ whitelistIdParam, onDeleted }: { whitelistIdParam: string; onDeleted: () => void }) {
  const id = asId(whitelistIdParam);
  if (id === null) {
    return (
      <Alert color="yellow" title="No such whitelist" role="alert">
        "{whitelistIdParam}" is not a whitelist id. <BackLink />
      </Alert>
    );
  }
  return <WhitelistDetail id={id} onDeleted={onDeleted} />;
}

function BackLink() {
  return <Anchor renderRoot={(props) => <Link {...props} to="/whitelists" />}>Back to the whitelists</Anchor>;
}

function WhitelistDetail({ id, onDeleted }: { id: Id; onDeleted: () => void }) {
  const whitelist = useQuery(whitelistQuery(id));
  if (whitelist.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading the whitelist" />
      </Center>
    );
  }
  if (whitelist.isError) {
    if (isApiError(whitelist.error) && whitelist.error.status === 404) {
      return (
        <Alert color="yellow" title="Whitelist not found" role="alert">
          Whitelist {id} does not exist (any more). <BackLink />
        </Alert>
      );
    }
    return <ErrorState error={whitelist.error} title="Could not load the whitelist" onRetry={() => void whitelist.refetch()} />;
  }
  return <WhitelistView whitelist={whitelist.data} onDeleted={onDeleted} />;
}

function WhitelistView({ whitelist, onDeleted }: { whitelist: Whitelist; onDeleted: () => void }) {
  const remove = useDeleteWhitelist();
  const name = whitelist.title || `Whitelist ${whitelist.whitelist_id}`;
  const stats = whitelist.url_stats;
  const urlCount = stats ? stats.succeed + stats.failed : undefined;

  const askDelete = () =>
    confirmDelete({
      title: `Delete the whitelist "${name}" and its URLs?`,
      body: (
        <Text size="sm">
          <strong>{urlCount === 1 ? 'Its one URL is' : `All ${urlCount === undefined ? '' : `${formatInteger(urlCount)} `}URLs of this whitelist are`} deleted with it.</strong> Copies
          found at those pages are no longer treated as allowed. This cannot be undone.
        </Text>
      ),
      confirm: 'Delete whitelist and URLs',
      onConfirm: () =>
        remove.mutate(whitelist.whitelist_id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'Whitelist deleted', message: `"${name}" and its URLs are gone.` });
            onDeleted();
          },
          onError: (error) => notifications.show({ color: 'red', title: `Could not delete "${name}"`, message: describeError(error), autoClose: false }),
        }),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title={name}
        description={
          <>
            <Anchor size="sm" underline="always" renderRoot={(props) => <Link {...props} to="/whitelists" />}>
              Whitelists
            </Anchor>{' '}
            / Whitelist {whitelist.whitelist_id}
          </>
        }
        actions={
          <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete} loading={remove.isPending}>
            Delete with its URLs
          </Button>
        }
      />

      <Card withBorder padding="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <DetailField label="Whitelist id">
            <Group gap={4} wrap="nowrap">
              <Text size="sm" ff="monospace">
                {whitelist.whitelist_id}
              </Text>
              <CopyIconButton value={whitelist.whitelist_id} label="Copy whitelist id" />
            </Group>
          </DetailField>
          <DetailField label="Period">
            <Group gap="xs">
              <span>{describePeriod(whitelist.dates_limit)}</span>
              <PeriodBadge limit={whitelist.dates_limit} />
            </Group>
          </DetailField>
          <DetailField label="URLs">
            {stats ? (
              <Group gap="xs" data-testid="url-stats">
                <ToneBadge color="teal">
                  {formatInteger(stats.succeed)} succeeded
                </ToneBadge>
                <ToneBadge color={stats.failed > 0 ? 'red' : 'gray'}>
                  {formatInteger(stats.failed)} failed
                </ToneBadge>
              </Group>
            ) : (
              MISSING
            )}
          </DetailField>
          <DetailField label="Created">{formatDateTime(whitelist.created_at)}</DetailField>
          <DetailField label="Updated">{formatDateTime(whitelist.updated_at)}</DetailField>
        </SimpleGrid>
      </Card>

      <WhitelistUrls whitelistId={whitelist.whitelist_id} />
    </Stack>
  );
}

function WhitelistUrls({ whitelistId }: { whitelistId: Id }) {
  const urls = useInfiniteQuery(whitelistUrlsInfiniteQuery(whitelistId));
  const rows = urls.data?.pages.flat() ?? [];

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="whitelist-urls-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="whitelist-urls-heading">
          Whitelisted URLs
        </Title>
        {urls.isFetching && !urls.isPending ? <Loader size="xs" aria-label="Refreshing the URLs" /> : null}
      </Group>
      <AddUrlForm whitelistId={whitelistId} />
      {urls.isError && rows.length === 0 ? (
        <ErrorState error={urls.error} title="Could not load the URLs" onRetry={() => void urls.refetch()} />
      ) : urls.isPending ? (
        <Center h={120}>
          <Loader aria-label="Loading the URLs" />
        </Center>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" mt="md">
          No URLs yet. Add the pages or channels this whitelist allows.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={680} mt="md">
            <Table verticalSpacing="xs" aria-label="Whitelisted URLs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>URL</Table.Th>
                  <Table.Th>Processing</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th w={60}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((url) => (
                  <UrlRow key={url.url_id} whitelistId={whitelistId} url={url} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMoreFooter count={rows.length} noun="URLs" hasNextPage={urls.hasNextPage} isFetchingNextPage={urls.isFetchingNextPage} fetchNextPage={urls.fetchNextPage} mt="sm" />
        </>
      )}
    </Card>
  );
}

const STATUS_COLORS: Record<string, string> = { ok: 'teal', failed: 'red', pending: 'gray' };

function UrlRow({ whitelistId, url }: { whitelistId: Id; url: WhitelistUrl }) {
  const remove = useDeleteWhitelistUrl(whitelistId);
  const { status, error } = url.processing_status;

  const confirmRemove = () =>
    confirmDelete({
      title: 'Remove this URL from the whitelist?',
      body: (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {url.source_url}
        </Text>
      ),
      confirm: 'Remove URL',
      onConfirm: () =>
        remove.mutate(url, {
          onSuccess: () => notifications.show({ color: 'teal', title: 'URL removed', message: url.source_url }),
          onError: (cause) => notifications.show({ color: 'red', title: 'Could not remove the URL', message: describeError(cause), autoClose: false }),
        }),
    });

  return (
    <Table.Tr data-url-id={url.url_id}>
      <Table.Td maw={420}>
        <ExternalLink href={url.source_url} size="sm" lineClamp={2} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <ToneBadge color={STATUS_COLORS[status] ?? 'gray'} size="sm">
            {status || 'unknown'}
          </ToneBadge>
          {error ? (
            <Text size="xs" style={{ color: 'var(--mantine-color-error)', wordBreak: 'break-word' }}>
              {error}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>{formatDate(url.created_at)}</Table.Td>
      <Table.Td>
        <Tooltip label="Remove from the whitelist" withArrow>
          <ActionIcon variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending} aria-label={`Remove ${url.source_url}`}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

function AddUrlForm({ whitelistId }: { whitelistId: Id }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddWhitelistUrl(whitelistId);

  const submit = () => {
    const url = safeHttpUrl(value);
    if (!url) {
      setError('Give the full address of the page, starting with https:// (or http://).');
      return;
    }
    setError(null);
    // The typed text stays until the platform has taken it, so nothing is lost on an error.
    add.mutate(value.trim(), {
      onSuccess: () => {
        setValue('');
        notifications.show({ color: 'teal', title: 'URL added', message: value.trim() });
      },
      onError: (cause) => setError(describeError(cause)),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Text size="sm" c="dimmed" id="add-url-hint" mb={6}>
        Add a page or channel on a supported platform, e.g. https://www.youtube.com/@partner
      </Text>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          flex={1}
          aria-label="URL to whitelist"
          aria-describedby="add-url-hint"
          placeholder="https://"
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={add.isPending}>
          Add URL
        </Button>
      </Group>
    </form>
  );
}
