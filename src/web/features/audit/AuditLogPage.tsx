import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../app/api.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { AuditEntries } from './AuditEntries.js';
import { AuditFilterForm } from './AuditFilterForm.js';
import { getAuditPage, NO_FILTERS, type AuditFilters } from './auditApi.js';
import { RetentionCard } from './RetentionCard.js';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'the server cannot be reached');

/** Audit log (Admins, issue 25): who did what and when, filtered, paged, exported; and how long things are kept. */
export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useInfiniteQuery({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.NextCursor,
  });
  const entries = log.data?.pages.flatMap((p) => p.Entries) ?? [];

  return (
    <Panel size="lg">
      <PageHeading>Audit log</PageHeading>
      <Stack>
        <Text>Every change an administrator makes to roles, teams, settings, access restrictions and closures, every booking they cancel and every person they erase, with who did it and when.</Text>
        <AuditFilterForm value={filters} onChange={setFilters} />
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} aria-labelledby="audit-entries-title">
          <Stack>
            <Title order={2} size="h4" id="audit-entries-title">Entries, newest first</Title>
            {log.isError && (
              <Alert color="red" role="alert" title="Unable to load the audit log">
                {messageOf(log.error)}
                <Group mt="xs"><Button size="xs" variant="default" onClick={() => void log.refetch()}>Try again</Button></Group>
              </Alert>
            )}
            {!log.isError && <AuditEntries entries={entries} loading={log.isPending} />}
            {log.hasNextPage && (
              <Group justify="center">
                <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>Show older entries</Button>
              </Group>
            )}
            {log.isFetchNextPageError && <Alert color="red" role="alert">Unable to load more entries: {messageOf(log.error)}</Alert>}
          </Stack>
        </Paper>
        <RetentionCard />
        <BackToMenu to="/menu/settings" label="Back to Settings" />
      </Stack>
    </Panel>
  );
}
