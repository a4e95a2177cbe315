import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { describeError, isApiError } from '../../../api/errors';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import type { MonitoringExportProgress } from '../export';
import { buildMonitoringCsv } from '../export';
import type { MonitoringSearch } from '../search';

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: MonitoringExportProgress }
  | { kind: 'done'; rows: number; fileName: string }
  | { kind: 'failed'; message: string; rows: number }
  | { kind: 'cancelled'; rows: number };

/** Exports the filtered list (every page, paced in the background) as CSV, one line per match. */
export function ExportButton({ search }: { search: MonitoringSearch }) {
  const [opened, setOpened] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    let rows = 0;
    setPhase({ kind: 'running', progress: { rows: 0, pages: 0 } });
    try {
      const result = await buildMonitoringCsv(search, {
        signal: abort.signal,
        onProgress: (progress) => {
          rows = progress.rows;
          setPhase({ kind: 'running', progress });
        },
      });
      const fileName = csvFileName(`monitoring${search.status ? `-${search.status}` : ''}`);
      downloadCsv(fileName, result.csv);
      setPhase({ kind: 'done', rows: result.rows, fileName });
    } catch (error) {
      if (abort.signal.aborted || (isApiError(error) && error.kind === 'aborted')) setPhase({ kind: 'cancelled', rows });
      else setPhase({ kind: 'failed', message: describeError(error), rows });
    } finally {
      controller.current = null;
    }
  };

  const close = () => {
    controller.current?.abort();
    setOpened(false);
    setPhase({ kind: 'idle' });
  };

  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Export CSV
      </Button>
      <Modal opened={opened} onClose={close} title="Export monitoring results to CSV">
        <Stack gap="sm">
          <Text size="sm">
            Every result that matches the current filters, one line per matched song, with its post, status and segments. Pages
            are fetched in the background at the platform’s pace.
          </Text>
          {phase.kind === 'running' ? (
            <Stack gap={4}>
              <Progress value={100} animated striped aria-label="Export in progress" />
              <Text size="sm" aria-live="polite" data-testid="export-progress">
                {phase.progress.rows} lines fetched ({phase.progress.pages} page{phase.progress.pages === 1 ? '' : 's'})…
              </Text>
            </Stack>
          ) : null}
          {phase.kind === 'done' ? (
            <Alert color="teal" title="Export ready" data-testid="export-done">
              {phase.rows} lines saved as {phase.fileName}.
            </Alert>
          ) : null}
          {phase.kind === 'cancelled' ? (
            <Alert color="gray" title="Export cancelled">
              Stopped after {phase.rows} lines; no file was saved.
            </Alert>
          ) : null}
          {phase.kind === 'failed' ? (
            <Alert color="red" title="Export failed">
              {phase.message} ({phase.rows} lines had been fetched; start again to retry.)
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            {phase.kind === 'running' ? (
              <Button variant="default" onClick={() => controller.current?.abort()}>
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
