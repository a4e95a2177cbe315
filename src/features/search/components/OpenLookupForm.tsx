import { Autocomplete, Button, Group } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { lookupIdSchema } from '../recent';

interface OpenLookupFormProps {
  /** Ids offered while typing: recent lookups and, on the sandbox, its lookups. */
  suggestions: readonly string[];
  /** The id shown at first, e.g. the lookup on screen. */
  initialValue?: string;
}

/** Opens a lookup by id at /search/<id>, so the result can be bookmarked and shared. */
export function OpenLookupForm({ suggestions, initialValue = '' }: OpenLookupFormProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);

  const open = (raw: string) => {
    const parsed = lookupIdSchema.safeParse(raw);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a lookup id.');
      return;
    }
    setError(null);
    void navigate({ to: '/search/$lookupId', params: { lookupId: parsed.data } });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    open(value);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Open a lookup">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Autocomplete
          label="Lookup id"
          description="The id a Search start call returned."
          placeholder="lk_…"
          data={[...new Set(suggestions)]}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (error) setError(null);
          }}
          onOptionSubmit={open}
          error={error}
          autoComplete="off"
          spellCheck={false}
          w={340}
          maxDropdownHeight={280}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} mt={44}>
          Open lookup
        </Button>
      </Group>
    </form>
  );
}
