import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { clearBrowserApiKey, getBrowserApiKey } from '../../api/auth';
import { createApiKey, listApiKeys, revokeApiKey } from '../../api/discovery';
import { describeError } from '../../api/errors';
import type { ApiKey } from '../../api/schemas/discovery';

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: ['discovery', 'api-keys'] as const,
    queryFn: ({ signal }) => listApiKeys({ signal }),
    meta: { iface: 'discovery' },
  });
}

/** Typed with the list's data, so cache updates are checked against ApiKey[]. */
export const apiKeysQueryKey = apiKeysQueryOptions().queryKey;
const createMutationKey = ['discovery', 'api-keys', 'create'] as const;

/** The create form's rules; the spec only says `name` is a string, and names need not be unique. */
export const newApiKeySchema = z.object({
  name: z.string().trim().min(1, { error: 'Give the key a name, for example the team or tool that will use it.' }),
});

/** Creates a key. While the call runs the list shows a "Creating…" row (see usePendingApiKeyNames). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createMutationKey,
    mutationFn: (name: string) => createApiKey(name),
    meta: { iface: 'discovery' },
    onSuccess: (created) => {
      queryClient.setQueryData(apiKeysQueryKey, (keys) =>
        keys ? [created, ...keys.filter((key) => key.token !== created.token)] : keys,
      );
      notifications.show({ color: 'teal', title: 'Key created', message: `"${created.key_name}" can be used now.` });
    },
    onError: (error, name) => {
      notifications.show({ color: 'red', title: `Could not create "${name}"`, message: describeError(error), autoClose: false });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}

/** Names of keys being created right now: the optimistic rows of the list (gone again on failure). */
export function usePendingApiKeyNames(): string[] {
  return useMutationState({
    filters: { mutationKey: createMutationKey, status: 'pending' },
    select: (mutation) => String(mutation.state.variables ?? ''),
  });
}

/**
 * Whether the list lets the user revoke `key`. The platform refuses to revoke an organisation's
 * only key, so the UI says so before calling.
 */
export function revokeRefusal(keys: readonly ApiKey[]): string | null {
  if (keys.length <= 1) {
    return "This is the organisation's only API key, and the platform does not allow revoking the last key. Create another key first, then revoke this one.";
  }
  return null;
}

/** Whether `key` is the one this tab signs in with. */
export function isKeyInUse(key: ApiKey): boolean {
  return getBrowserApiKey() === key.token;
}

/**
 * Revokes a key. The row leaves the list at once and comes back if the platform refuses. Revoking
 * the key this tab uses signs the tab out afterwards.
 */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.token),
    meta: { iface: 'discovery' },
    onMutate: async (key) => {
      const ownKey = isKeyInUse(key);
      await queryClient.cancelQueries({ queryKey: apiKeysQueryKey });
      const previous = queryClient.getQueryData(apiKeysQueryKey);
      queryClient.setQueryData(apiKeysQueryKey, (keys) => keys?.filter((candidate) => candidate.token !== key.token));
      return { previous, ownKey };
    },
    onError: (error, key, context) => {
      if (context?.previous) queryClient.setQueryData(apiKeysQueryKey, context.previous);
      notifications.show({ color: 'red', title: `Could not revoke "${key.key_name}"`, message: describeError(error), autoClose: false });
    },
    onSuccess: (_data, key, context) => {
      if (context.ownKey) {
        notifications.show({
          color: 'teal',
          title: 'Key revoked, signed out',
          message: `"${key.key_name}" was the key this tab used. Sign in with another key to continue.`,
        });
        clearBrowserApiKey();
        return;
      }
      notifications.show({ color: 'teal', title: 'Key revoked', message: `"${key.key_name}" no longer works.` });
    },
    onSettled: (_data, error, _key, context) => {
      // After signing out there is no key left to refetch with.
      if (context?.ownKey && !error) return;
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
