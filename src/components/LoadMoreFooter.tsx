import { Button, Group, Text } from '@mantine/core';
import { formatInteger } from '../lib/format';

interface LoadMoreFooterProps {
  /** Rows loaded so far. */
  count: number;
  /** Plural noun of the rows: "collections", "URLs". */
  noun: string;
  /** The query's hasNextPage, isFetchingNextPage and fetchNextPage. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  mt?: string;
}

/** Under a cursor-paged list: how many rows are loaded, and a button for the next page while there is one. */
export function LoadMoreFooter({ count, noun, hasNextPage, isFetchingNextPage, fetchNextPage, mt }: LoadMoreFooterProps) {
  return (
    <Group justify="space-between" mt={mt}>
      <Text size="sm" c="dimmed">
        {formatInteger(count)} {noun}
        {hasNextPage ? ' loaded' : ''}
      </Text>
      {hasNextPage ? (
        <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </Group>
  );
}
