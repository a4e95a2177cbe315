import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

interface ConfirmDeleteOptions {
  title: string;
  /** What goes with it and what stays, in words. */
  body: ReactNode;
  confirm: string;
  cancel?: string;
  onConfirm: () => void;
}

/** The confirmation every destructive action asks for: says what is lost, red confirm button, a way to back out. */
export function confirmDelete({ title, body, confirm, cancel = 'Keep it', onConfirm }: ConfirmDeleteOptions): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: body,
    labels: { confirm, cancel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
