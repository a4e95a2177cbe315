import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { interfaceName } from '../../api/errors';
import type { ConnectionProblem } from '../connection-health';
import { useConnectionProblems } from '../connection-health-context';

function asSentence(message: string): string {
  const trimmed = message.trim().replace(/[.\s]+$/, '');
  return trimmed ? `${trimmed}. ` : '';
}

function headline(problem: ConnectionProblem): string {
  if (problem.iface === 'server') return 'The Rights Desk server is unreachable.';
  return `${interfaceName(problem.iface)} is unreachable.`;
}

/**
 * One line per unreachable interface, above the page. It stays until a later request to that
 * interface gets an answer (see ConnectionHealth), so a transient failure does not hide behind a
 * notification that has already faded.
 */
export function UnreachableBanner({ onRetry }: { onRetry: () => void }) {
  const problems = useConnectionProblems();
  if (problems.length === 0) return null;

  return (
    <Stack gap="xs" mb="md">
      {problems.map((problem) => (
        <Alert
          key={problem.iface}
          color="orange"
          variant="light"
          icon={<IconPlugConnectedX aria-hidden />}
          title={headline(problem)}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {asSentence(problem.message)}
              What was loaded before stays on screen; this notice clears as soon as{' '}
              {problem.iface === 'server' ? 'the server' : interfaceName(problem.iface)} answers again.
            </Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
