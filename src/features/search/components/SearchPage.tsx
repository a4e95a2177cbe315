import { Card, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/PageHeader';
import { sandboxLookupsQuery } from '../queries';
import { useRecentLookups } from '../recent';
import { RecentLookups, SandboxLookups } from './LookupSuggestions';
import { OpenLookupForm } from './OpenLookupForm';

export const SEARCH_DESCRIPTION =
  'Read a Search lookup: the catalogue assets a query file matched, per fingerprint type, and how the file divides into music, speech and silence.';

/** Ids to offer while typing: recent ones first, then the sandbox's. */
export function useLookupSuggestions(sandbox: boolean): string[] {
  const recent = useRecentLookups();
  const sandboxLookups = useQuery({ ...sandboxLookupsQuery(), enabled: sandbox });
  return [...recent.map((item) => item.lookupId), ...(sandboxLookups.data ?? []).map((lookup) => lookup.lookup_id)];
}

/** /search: open a lookup by id, or pick a recent (or sandbox) one. */
export function SearchPage({ sandbox }: { sandbox: boolean }) {
  const recent = useRecentLookups();
  const suggestions = useLookupSuggestions(sandbox);
  return (
    <>
      <PageHeader title="Search" description={SEARCH_DESCRIPTION} />
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md" component="section" aria-label="Open a lookup by id">
          <OpenLookupForm suggestions={suggestions} />
        </Card>
        <SimpleGrid cols={{ base: 1, md: sandbox ? 2 : 1 }} spacing="lg">
          <RecentLookups recent={recent} />
          {sandbox ? <SandboxLookups /> : null}
        </SimpleGrid>
      </Stack>
    </>
  );
}
