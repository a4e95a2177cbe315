import { Button, Card, EmptyState, Group, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKeyOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiKey } from '../../../api/schemas/discovery';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { apiKeysQueryOptions, isKeyInUse, revokeRefusal, usePendingApiKeyNames, useRevokeApiKey } from '../queries';
import { visibleKeys, type ApiKeySort } from '../tokens';
import { ApiKeysTable } from './ApiKeysTable';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { NewKeyModal } from './NewKeyModal';

export interface ApiKeysSearch {
  q: string;
  sort: ApiKeySort;
}

interface ApiKeysPageProps extends ApiKeysSearch {
  /** The filter and sort live in the URL; the route applies changes there. */
  onSearchChange: (next: Partial<ApiKeysSearch>) => void;
  /** The key this tab signs in with, if it holds one. */
  tokenInUse: string | null;
}

const SORTS: { value: ApiKeySort; label: string }[] = [
  { value: 'created', label: 'Newest first' },
  { value: 'name', label: 'Name' },
];

function isSort(value: string): value is ApiKeySort {
  return SORTS.some((sort) => sort.value === value);
}

export function ApiKeysPage({ q, sort, onSearchChange, tokenInUse }: ApiKeysPageProps) {
  const keys = useQuery(apiKeysQueryOptions());
  const pendingNames = usePendingApiKeyNames();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKey | null>(null);

  const requestRevoke = (key: ApiKey) => {
    const refusal = revokeRefusal(keys.data ?? []);
    const name = key.key_name || 'unnamed key';
    if (refusal) {
      modals.open({
        modalId: 'api-key-last',
        title: `"${name}" cannot be revoked`,
        centered: true,
        children: (
          <Stack gap="md">
            <Text size="sm">{refusal}</Text>
            <Group justify="flex-end">
              <Button onClick={() => modals.close('api-key-last')}>OK</Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    const ownKey = isKeyInUse(key);
    modals.openConfirmModal({
      title: `Revoke "${name}"?`,
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">Every tool and person using this key loses access to Discovery at once. This cannot be undone.</Text>
          {ownKey ? (
            <Text size="sm" fw={600} c="red">
              This is the key this tab is signed in with: revoking it signs you out, and you will need another key to sign in again.
            </Text>
          ) : null}
        </Stack>
      ),
      labels: { confirm: ownKey ? 'Revoke and sign out' : 'Revoke key', cancel: 'Keep key' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(key),
    });
  };

  const shown = keys.data ? visibleKeys(keys.data, q, sort) : [];
  const total = keys.data?.length ?? 0;

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys your organisation uses to call Discovery. Anyone holding a key can act for the organisation, so give each tool its own key and revoke keys that are no longer needed."
      />
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="new-key-heading">
          <Title order={2} size="h4" id="new-key-heading" mb="sm">
            New key
          </Title>
          <CreateApiKeyForm onCreated={setCreated} />
        </Card>

        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="keys-heading">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Stack gap={2}>
                <Title order={2} size="h4" id="keys-heading">
                  Keys
                </Title>
                {keys.data ? (
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {q.trim() ? `${shown.length} of ${total} keys match` : `${total} ${total === 1 ? 'key' : 'keys'}`}
                  </Text>
                ) : null}
              </Stack>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  label="Filter by name"
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={q}
                  onChange={(event) => onSearchChange({ q: event.currentTarget.value })}
                  w={240}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="api-keys-sort-label">
                    Sort
                  </Text>
                  <SegmentedControl
                    aria-labelledby="api-keys-sort-label"
                    value={sort}
                    onChange={(value) => {
                      if (isSort(value)) onSearchChange({ sort: value });
                    }}
                    data={SORTS}
                  />
                </Stack>
              </Group>
            </Group>

            {keys.isPending ? (
              <Stack gap="xs" aria-label="Loading keys" role="status">
                <Skeleton height={36} />
                <Skeleton height={36} />
                <Skeleton height={36} />
              </Stack>
            ) : keys.isError && !keys.data ? (
              <ErrorState title="The keys could not be loaded" error={keys.error} onRetry={() => void keys.refetch()} />
            ) : shown.length === 0 && pendingNames.length === 0 ? (
              <EmptyState
                icon={<IconKeyOff size={28} aria-hidden />}
                title={q.trim() ? 'No key names match' : 'No keys'}
                description={q.trim() ? `No key name contains "${q.trim()}".` : 'Create a key above to give a tool access to Discovery.'}
              >
                {q.trim() ? (
                  <EmptyState.Actions>
                    <Button variant="default" onClick={() => onSearchChange({ q: '' })}>
                      Clear the filter
                    </Button>
                  </EmptyState.Actions>
                ) : null}
              </EmptyState>
            ) : (
              <ApiKeysTable keys={shown} pendingNames={pendingNames} tokenInUse={tokenInUse} onRevoke={requestRevoke} />
            )}
          </Stack>
        </Card>
      </Stack>
      <NewKeyModal apiKey={created} onClose={() => setCreated(null)} />
    </>
  );
}
