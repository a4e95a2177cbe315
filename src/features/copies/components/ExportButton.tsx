import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { describeError, isApiError } from '../../../api/errors';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import type { ExportProgress } from '../export';
import { buildCopiesCsv } from '../export';
import type { CopiesSearch } from '../search';
import type { StatusEntry } from '../statuses';
import { toneClass, toneStyle } from './tone';

type Phase = { kind: 'idle' } | { kind: 'running'; progress: ExportProgress } | { kind: 'done'; rows: number; fileName: string } | { kind: 'failed'; error: unknown; progress: ExportProgress | null } | { kind: 'cancelled'; copies: number };

/** Exports every copy matching the current filters (all pages, paced in the background) as CSV. */
export function ExportButton({ search, legend }: { search: CopiesSearch; legend: readonly StatusEntry[] }) {
  const [opened, setOpened] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    let last: ExportProgress = { copies: 0, pages: 0, phase: 'copies' };
    setPhase({ kind: 'running', progress: last });
    try {
      const { csv, rows } = await buildCopiesCsv(search, legend, {
        signal: abort.signal,
        onProgress: (progress) => {
          last = progress;
          setPhase({ kind: 'running', progress });
        },
      });
      const fileName = csvFileName(`copies${search.platform ? `-${search.platform}` : ''}`);
      downloadCsv(fileName, csv);
      setPhase({ kind: 'done', rows, fileName });
    } catch (error) {
      if (abort.signal.aborted || (isApiError(error) && error.kind === 'aborted')) setPhase({ kind: 'cancelled', copies: last.copies });
      else setPhase({ kind: 'failed', error, progress: last });
    } finally {
      controller.current = null;
    }
  };

  const cancel = () => controller.current?.abort();
  const close = () => {
    cancel();
    setOpened(false);
    setPhase({ kind: 'idle' });
  };

  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Export CSV
      </Button>
      <Modal opened={opened} onClose={close} title="Export copies to CSV" size="md">
        <Stack gap="sm">
          <Text size="sm">
            Every copy that matches the current filters, newest first, one row each with its match figures, statistics and
            statuses. Pages of 100 are fetched in the background at the platform’s pace.
          </Text>
          {phase.kind === 'running' ? (
            <Stack gap={4}>
              <Progress value={100} animated striped aria-label="Export in progress" />
              <Text size="sm" aria-live="polite" data-testid="export-progress">
                {phase.progress.phase === 'copies'
                  ? `${phase.progress.copies} copies fetched (${phase.progress.pages} page${phase.progress.pages === 1 ? '' : 's'})…`
                  : `${phase.progress.copies} copies fetched; looking up asset titles…`}
              </Text>
            </Stack>
          ) : null}
          {phase.kind === 'done' ? (
            <Alert color="teal" style={toneStyle('teal')} classNames={{ title: toneClass }} title="Export ready" data-testid="export-done">
              {phase.rows} copies saved as {phase.fileName}.
            </Alert>
          ) : null}
          {phase.kind === 'cancelled' ? (
            <Alert color="gray" style={toneStyle('gray')} classNames={{ title: toneClass }} title="Export cancelled">
              Stopped after {phase.copies} copies; no file was saved.
            </Alert>
          ) : null}
          {phase.kind === 'failed' ? (
            <Alert color="red" style={toneStyle('red')} classNames={{ title: toneClass }} title="Export failed">
              {describeError(phase.error)} {phase.progress ? `(${phase.progress.copies} copies had been fetched.)` : ''}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            {phase.kind === 'running' ? (
              <Button variant="default" onClick={cancel}>
                Cancel export
              </Button>
            ) : (
              <>
                <Button variant="default" onClick={close}>
                  Close
                </Button>
                <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void start()}>
                  {phase.kind === 'idle' ? 'Start export' : 'Export again'}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
