import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a detail page's summary card (label above, value below, long words wrap). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}
