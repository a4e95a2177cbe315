import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeError, isApiError, whitelistInputSchema, type Id } from '../../../api';
import { fieldErrorsFromZod, fieldOfMessage, type FieldErrors } from '../../../lib/field-errors';
import { toDatesLimit, type PeriodFields } from '../period';
import { useCreateWhitelist } from '../queries';

const START = 'dates_limit.start_date';
const END = 'dates_limit.end_date';

export function WhitelistFormModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: Id) => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New whitelist" centered size="lg">
      {/* Mounted per opening, so every new whitelist starts from an empty form. */}
      {opened ? <WhitelistForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function WhitelistForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: Id) => void }) {
  const [title, setTitle] = useState('');
  const [period, setPeriod] = useState<PeriodFields>({ start: '', end: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateWhitelist();

  const submit = () => {
    setFormError(null);
    const parsed = whitelistInputSchema.safeParse({ title: title.trim(), dates_limit: toDatesLimit(period) });
    if (!parsed.success) {
      const found = fieldErrorsFromZod(parsed.error);
      if (found.title) found.title = 'Give the whitelist a title.';
      if (found[END]?.includes('after')) found[END] = 'The end date is before the start date.';
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', title: 'Whitelist created', message: `"${parsed.data.title}" is ready for URLs.` });
        onClose();
        onCreated(answer.whitelist_id);
      },
      // The platform names the field it refuses; show it there, or above the form. Values stay.
      onError: (error) => {
        const message = describeError(error);
        const field = isApiError(error) && error.status === 400 ? fieldOfMessage(error.message, ['title', START, END, 'dates_limit']) : null;
        if (field) setErrors({ [field === 'dates_limit' ? END : field]: message });
        else setFormError(message);
      },
    });
  };

  const changePeriod = (patch: Partial<PeriodFields>) => {
    setPeriod((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Copies found at the whitelisted URLs during this period are allowed uses, e.g. a partner's channel or a licensed campaign. Leave a
          date empty for an open-ended period.
        </Text>
        {formError ? (
          <Alert color="red" variant="light" title="Not created" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          required
          data-autofocus
          value={title}
          error={errors.title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setErrors({});
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateInput
            label="Start date"
            description="Empty: no start (since always)."
            valueFormat="YYYY-MM-DD"
            placeholder="No start"
            clearable
            value={period.start || null}
            onChange={(value) => changePeriod({ start: value ?? '' })}
            error={errors[START]}
          />
          <DateInput
            label="End date"
            description="Empty: no end (until further notice)."
            valueFormat="YYYY-MM-DD"
            placeholder="No end"
            clearable
            value={period.end || null}
            onChange={(value) => changePeriod({ end: value ?? '' })}
            error={errors[END]}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create whitelist
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
