import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Radio, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addCopyStatus, getAsset, patchAsset } from '../../../api/discovery';
import { describeError } from '../../../api/errors';
import type { Id } from '../../../api/ids';
import type { Copy } from '../../../api/schemas/discovery';
import { SegmentBar } from '../../../components/SegmentBar';
import { formatDuration } from '../../../lib/format';
import { fromExcluded, mergeSegments, segmentsFromFlat } from '../../../lib/segments';
import { copyLabel, setStatusInCache } from '../actions';
import { assetKey, assetQuery, assetsKey, copiesKeys } from '../queries';
import type { ReleaseStep, ReleaseSteps } from '../release';
import { initialSteps, runRelease } from '../release';
import type { StatusEntry } from '../statuses';
import { DEFAULT_FALSE_POSITIVE, FALSE_POSITIVE_CODES, statusTitle } from '../statuses';
import { toneClass, toneStyle } from './tone';

type ReleaseExcludeModalProps = {
  copy: Copy;
  legend: readonly StatusEntry[];
  opened: boolean;
  onClose: () => void;
};

function StepLine({ step, title }: { step: ReleaseStep; title: string }) {
  const icon =
    step.state === 'done' ? (
      <ThemeIcon color="teal" size={22} radius="xl">
        <IconCheck size={14} aria-hidden />
      </ThemeIcon>
    ) : step.state === 'failed' ? (
      <ThemeIcon color="red" size={22} radius="xl">
        <IconX size={14} aria-hidden />
      </ThemeIcon>
    ) : step.state === 'running' ? (
      <Loader size={20} />
    ) : (
      <ThemeIcon color="gray" variant="light" size={22} radius="xl">
        <IconCircleDashed size={14} aria-hidden />
      </ThemeIcon>
    );
  const stateText = { pending: 'Waiting', running: 'In progress', done: 'Done', failed: 'Failed' }[step.state];
  return (
    <List.Item icon={icon} data-testid={`release-step-${step.key}`} data-state={step.state}>
      <Text size="sm" fw={500}>
        {title} — {stateText}
      </Text>
      {step.detail ? (
        <Text size="xs" c="dimmed">
          {step.detail}
        </Text>
      ) : null}
      {step.state === 'failed' ? (
        <Text size="xs" c="red">
          {describeError(step.error)}
        </Text>
      ) : null}
    </List.Item>
  );
}

/**
 * Release and exclude: mark the copy as a false positive and add the matched stretch of the asset
 * to the asset's excluded segments. Two calls, shown as two steps; a failed one is retried alone.
 */
export function ReleaseExcludeModal({ copy, legend, opened, onClose }: ReleaseExcludeModalProps) {
  const queryClient = useQueryClient();
  const asset = useQuery(assetQuery(copy.asset_id));
  const [code, setCode] = useState<string>(DEFAULT_FALSE_POSITIVE);
  const [steps, setSteps] = useState<ReleaseSteps>(initialSteps);
  const [running, setRunning] = useState(false);

  const assetSegments = mergeSegments(segmentsFromFlat(copy.match_data.matching_segments_in_asset));
  const existing = fromExcluded(asset.data?.excluded_segments);
  const started = steps.status.state !== 'pending' || steps.exclude.state !== 'pending';
  const allDone = steps.status.state === 'done' && steps.exclude.state === 'done';
  const failed = steps.status.state === 'failed' || steps.exclude.state === 'failed';
  const fpCodes = FALSE_POSITIVE_CODES.filter((c) => legend.length === 0 || legend.some((e) => e.code === c));

  const run = async () => {
    setRunning(true);
    const chosen = code as Id;
    const result = await runRelease(
      { matchId: copy.match_id, assetId: copy.asset_id, falsePositiveCode: chosen, assetSegments },
      steps,
      {
        addStatus: (matchId, status) => addCopyStatus(matchId, status),
        getAsset: (assetId) => getAsset(assetId),
        patchExcluded: (assetId, excluded) => patchAsset(assetId, { excluded_segments: excluded }),
      },
      setSteps,
    );
    if (result.status.state === 'done') {
      setStatusInCache(queryClient, copy.match_id, chosen, true);
      void queryClient.invalidateQueries({ queryKey: copiesKeys.detail(copy.match_id) });
      void queryClient.invalidateQueries({ queryKey: copiesKeys.lists(), refetchType: 'none' });
    }
    if (result.exclude.state === 'done') {
      await queryClient.invalidateQueries({ queryKey: assetKey(copy.asset_id) });
      void queryClient.invalidateQueries({ queryKey: assetsKey });
    }
    setRunning(false);
  };

  const close = () => {
    if (running) return;
    setSteps(initialSteps());
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Release and exclude" size="lg">
      <Stack gap="md">
        <Text size="sm">
          “{copyLabel(copy)}” is not an infringement of this asset. This marks the copy as a false positive and excludes the
          matched part of the asset ({assetSegments.map((s) => `${formatDuration(s.start)}–${formatDuration(s.end)}`).join(', ') || 'no segments'})
          from matching, so the same audio stops producing copies.
        </Text>
        <Radio.Group label="False positive reason" value={code} onChange={setCode}>
          <Stack gap={6} mt={6}>
            {fpCodes.map((c) => (
              <Radio key={c} value={c} label={`${statusTitle(c, legend)} (${c})`} disabled={started} />
            ))}
          </Stack>
        </Radio.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Asset “{asset.data?.title ?? '…'}” after the exclusion
          </Text>
          <SegmentBar
            label="Asset exclusions after release"
            duration={asset.data?.duration}
            segments={assetSegments}
            excluded={existing}
            color="teal"
            markedWord="to exclude"
          />
          <Text size="xs" c="dimmed">
            Hatched: already excluded. Coloured: the matched part this adds.
          </Text>
        </Stack>
        {started ? (
          <List spacing="sm" center aria-label="Steps" aria-live="polite">
            <StepLine step={steps.status} title={`1. Mark as “${statusTitle(code, legend)}”`} />
            <StepLine step={steps.exclude} title="2. Add the matched segments to the asset’s excluded segments" />
          </List>
        ) : null}
        {allDone ? (
          <Alert color="teal" style={toneStyle('teal')} classNames={{ title: toneClass }} title="Released and excluded" data-testid="release-done">
            The copy is marked as a false positive and the asset’s excluded segments include the matched part.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={running}>
            {allDone ? 'Done' : 'Cancel'}
          </Button>
          {!allDone ? (
            <Button color={failed ? undefined : 'teal.9'} loading={running} onClick={() => void run()}>
              {failed ? 'Retry failed step' : 'Release and exclude'}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
