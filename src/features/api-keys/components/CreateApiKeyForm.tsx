import { Button, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { ApiKey } from '../../../api/schemas/discovery';
import { newApiKeySchema, useCreateApiKey } from '../queries';

/** Name field and Create button. The name stays in the field if creation fails. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: ApiKey) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = newApiKeySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the name.');
      return;
    }
    setError(null);
    create.mutate(parsed.data.name, {
      onSuccess: (key) => {
        setName('');
        onCreated(key);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an API key">
      <Stack gap="sm" align="flex-start">
        <TextInput
          label="New key name"
          placeholder="e.g. Ingest pipeline"
          description="Names help you tell keys apart; they need not be unique."
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          w="100%"
          maw={420}
        />
        <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
          Create key
        </Button>
      </Stack>
    </form>
  );
}
