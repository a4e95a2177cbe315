import { ActionIcon, Anchor, Button, CloseButton, FileButton, Group, Paper, Progress, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlayerPause, IconPlayerPlay, IconRefresh, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { ToneBadge, useToneColor } from '../../../components/ToneBadge';
import { isActive, type UploadPhase } from '../../../lib/upload/engine';
import { uploadEngine, type QueuedUpload } from '../../../lib/upload/platform';
import { useUploadQueue } from '../../../lib/upload/use-uploads';

const PHASE_LABELS: Record<UploadPhase, string> = {
  queued: 'Waiting',
  hashing: 'Computing fid',
  registering: 'Registering',
  transferring: 'Sending',
  verifying: 'Verifying',
  processing: 'Processing',
  done: 'Done',
  failed: 'Failed',
  paused: 'Paused',
};

const PHASE_COLORS: Record<UploadPhase, string> = {
  queued: 'gray',
  hashing: 'blue',
  registering: 'blue',
  transferring: 'blue',
  verifying: 'blue',
  processing: 'cyan',
  done: 'teal',
  failed: 'red',
  paused: 'yellow',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/**
 * The tab's upload queue, pinned to the corner of every Assets page. It reads the engine's store,
 * which lives outside the routes, so leaving the page neither stops nor forgets an upload.
 */
export function UploadQueuePanel() {
  const items = useUploadQueue();
  const [collapsed, setCollapsed] = useState(false);
  if (items.length === 0) return null;
  const active = items.filter(isActive).length;
  const failed = items.filter((item) => item.phase === 'failed').length;
  const waiting = items.filter((item) => item.phase === 'paused').length;
  const done = items.filter((item) => item.phase === 'done').length;
  const summary = [active && `${active} in progress`, waiting && `${waiting} paused`, failed && `${failed} failed`, done && `${done} done`]
    .filter(Boolean)
    .join(' · ');

  return (
    <Paper
      withBorder
      shadow="lg"
      radius="md"
      w={420}
      maw="calc(100vw - 32px)"
      pos="fixed"
      bottom={16}
      right={16}
      style={{ zIndex: 150 }}
      role="region"
      aria-label="Uploads"
    >
      <Group justify="space-between" px="sm" py={8} wrap="nowrap">
        <UnstyledButton onClick={() => setCollapsed((value) => !value)} aria-expanded={!collapsed} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <IconUpload size={16} aria-hidden />
            <Text size="sm" fw={600}>
              Uploads
            </Text>
            <Text size="xs" c="dimmed" truncate aria-live="polite">
              {summary}
            </Text>
          </Group>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          {done > 0 ? (
            <Button size="compact-xs" variant="subtle" onClick={() => uploadEngine().clearFinished()}>
              Clear done
            </Button>
          ) : null}
          <ActionIcon variant="subtle" aria-label={collapsed ? 'Show uploads' : 'Hide uploads'} onClick={() => setCollapsed((value) => !value)}>
            {collapsed ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          </ActionIcon>
        </Group>
      </Group>
      {collapsed ? null : (
        <ScrollArea.Autosize mah="45dvh" type="auto" scrollbars="y">
          <Stack gap={0}>
            {items.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function UploadRow({ item }: { item: QueuedUpload }) {
  const [fileError, setFileError] = useState<string | null>(null);
  const verifiedColor = useToneColor('teal');
  const engine = uploadEngine();
  const canPause = item.protocol === 'v4' && item.phase === 'transferring';
  const canResume = item.phase === 'paused' && !item.needsFile;
  const canRetry = item.phase === 'failed' && !item.needsFile && item.failure?.phase !== 'processing';
  const canRemove = !isActive(item) || item.phase === 'queued';
  const showProgress = item.phase === 'transferring' || item.phase === 'paused' || (item.progress > 0 && item.phase !== 'done');

  return (
    <Stack
      gap={6}
      px="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="upload-item"
      data-phase={item.phase}
      aria-label={`Upload of ${item.fileName}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate title={item.title}>
            {item.assetId ? (
              <Anchor inherit renderRoot={(props) => <Link {...props} to="/assets/$assetId" params={{ assetId: item.assetId! }} />}>
                {item.title}
              </Anchor>
            ) : (
              item.title
            )}
          </Text>
          <Text size="xs" c="dimmed" truncate title={item.fileName}>
            {item.fileName} · {formatBytes(item.fileSize)}
            {item.protocol ? ` · ${item.protocol === 'v4' ? 'resumable (tus)' : 'single PUT'}` : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ToneBadge color={PHASE_COLORS[item.phase]} size="sm" data-testid="upload-phase">
            {PHASE_LABELS[item.phase]}
          </ToneBadge>
          {canRemove ? <CloseButton size="sm" aria-label={`Remove ${item.fileName} from the list`} onClick={() => void engine.remove(item.id)} /> : null}
        </Group>
      </Group>

      {showProgress ? (
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={item.progress}
            style={{ flex: 1 }}
            color={item.phase === 'paused' ? 'yellow' : 'blue'}
            animated={item.phase === 'transferring'}
            aria-label={`${item.progress}% sent`}
          />
          <Text size="xs" w={110} ta="right" data-testid="upload-progress">
            {item.progress}% · {formatBytes(item.bytesSent)}
          </Text>
        </Group>
      ) : null}

      {item.failure ? (
        <Text size="xs" c="red" role="alert">
          Failed while {PHASE_LABELS[item.failure.phase].toLowerCase()}: {item.failure.reason}
        </Text>
      ) : null}
      {item.note ? (
        <Text size="xs" c="dimmed">
          {item.note}
        </Text>
      ) : null}
      {fileError ? (
        <Text size="xs" c="red" role="alert">
          {fileError}
        </Text>
      ) : null}

      {item.phase === 'done' && item.fid ? (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c={verifiedColor} fw={600}>
            Verified
          </Text>
          <Text size="xs" c="dimmed">
            fid
          </Text>
          <Text size="xs" ff="monospace" truncate title={item.fid} data-testid="upload-fid" style={{ minWidth: 0, flex: 1 }}>
            {item.fid}
          </Text>
          <CopyIconButton value={item.fid} label="Copy fid" />
        </Group>
      ) : null}

      {canPause || canResume || canRetry || item.needsFile ? (
        <Group gap="xs">
          {canPause ? (
            <Button size="compact-xs" variant="default" leftSection={<IconPlayerPause size={14} aria-hidden />} onClick={() => void engine.pause(item.id)}>
              Pause
            </Button>
          ) : null}
          {canResume ? (
            <Button size="compact-xs" variant="default" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => engine.resume(item.id)}>
              Resume
            </Button>
          ) : null}
          {canRetry ? (
            <Tooltip label={item.assetId ? 'Sends the file again to the asset already registered' : 'Starts again'}>
              <Button size="compact-xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => engine.retry(item.id)}>
                Retry
              </Button>
            </Tooltip>
          ) : null}
          {item.needsFile ? (
            <FileButton
              onChange={(file) => {
                if (!file) return;
                setFileError(null);
                engine.provideFile(item.id, file).catch((error: unknown) => setFileError(error instanceof Error ? error.message : String(error)));
              }}
            >
              {(props) => (
                <Button {...props} size="compact-xs" leftSection={<IconUpload size={14} aria-hidden />}>
                  {item.phase === 'paused' ? 'Choose the file to resume' : 'Choose the file to retry'}
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
