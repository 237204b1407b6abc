import { Alert, Button, Grid, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { currentMonthRange, keepEndAtOrAfterStart, type ReportFilter } from '../../../domain/adminRules.js';
import type { Tag } from '../../../domain/wire/tags.js';
import { ApiError } from '../../app/api.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useDateFormat } from '../appShell/index.js';
import { DayInput } from '../appShell/DayInput.js';
import { localToday } from '../manageBookings/bookingText.js';
import { TagPicker } from '../tags/index.js';
import { CheckInsCard } from './CheckInsCard.js';
import { ReportChart } from './ReportChart.js';
import { exportUrl, FILTER_OPTIONS, getStats, type ReportQuery } from './reportingApi.js';
import { isPeopleTag, PEOPLE_TAG_NOTE, useWorksCouncilLimits, WorksCouncilNote } from './worksCouncil.js';

/** Reporting (Reporting or Admin): counts per label for a date range and filter, a chart, and a CSV export. */
export function ReportingPage() {
  const [range, setRange] = useState(() => currentMonthRange(localToday()));
  const [filter, setFilter] = useState<ReportFilter>('all');
  const dates = useDateFormat();
  const [tag, setTag] = useState<Tag | null>(null);
  const [query, setQuery] = useState<ReportQuery | null>(null);
  const stats = useQuery({ queryKey: ['reports', query], queryFn: () => getStats(query!), enabled: query !== null });
  const { limited } = useWorksCouncilLimits();
  const refusedTag = limited === true && filter === 'tag' && isPeopleTag(tag);

  const ready = range.from !== '' && range.to !== '' && (filter !== 'tag' || tag !== null) && !refusedTag;
  const run = (e: FormEvent) => {
    e.preventDefault();
    if (ready) setQuery({ filter, tagId: filter === 'tag' ? tag!.Id : 0, from: range.from, to: range.to });
  };
  const rows = stats.data ? Object.entries(stats.data) : [];
  const total = rows.reduce((sum, [, n]) => sum + n, 0);

  return (
    <Panel size="md">
      <PageHeading>Reporting</PageHeading>
      <Stack>
        {limited && <WorksCouncilNote />}
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={run}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DayInput label="From" required value={range.from}
                onChange={(v) => { if (v) setRange((r) => keepEndAtOrAfterStart(v, r.to)); }} />
              <DayInput label="To" required value={range.to} minDate={range.from || undefined}
                onChange={(v) => { if (v) setRange((r) => keepEndAtOrAfterStart(r.from, v)); }} />
            </SimpleGrid>
            <div>
              <Text component="label" id="report-filter-label" size="sm" fw={500}>Filter</Text>
              <SegmentedControl aria-labelledby="report-filter-label" fullWidth data={FILTER_OPTIONS} value={filter}
                onChange={(v) => setFilter(v as ReportFilter)} />
            </div>
            {filter === 'tag' && (
              <TagPicker label="Tag" description="Rooms, locations, sites, desks or people carrying this tag" canCreate={false}
                value={tag ? [tag] : []} onChange={(list) => setTag(list[list.length - 1] ?? null)} />
            )}
            {refusedTag && <Text size="sm" c="red.9" role="alert">{PEOPLE_TAG_NOTE}</Text>}
            <Group justify="flex-end">
              <Button type="submit" disabled={!ready} loading={stats.isFetching}>Run report</Button>
            </Group>
          </Stack>
        </Paper>

        {stats.isError && <Alert color="red" role="alert">Unable to run the report: {stats.error instanceof ApiError ? stats.error.serverMessage : 'the server cannot be reached'}</Alert>}
        {stats.isPending && query && <Loader size="sm" aria-label="Running the report" />}
        {stats.data && query && (
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }} aria-labelledby="report-result-title">
            <Stack>
              <Group justify="space-between">
                <Title order={2} size="h4" id="report-result-title">{`Bookings from ${dates.calendarDay(query.from)} to ${dates.calendarDay(query.to)}`}</Title>
                {limited === false && <Button component="a" variant="default" href={exportUrl(query)} download>Download CSV</Button>}
              </Group>
              {rows.length === 0 ? <Text role="status">No bookings found for this report.</Text> : (
                <Grid gap="xl">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Table striped>
                      <Table.Caption>Active (pending or approved) bookings starting in the range</Table.Caption>
                      <Table.Thead><Table.Tr><Table.Th>Label</Table.Th><Table.Th ta="right">Count</Table.Th></Table.Tr></Table.Thead>
                      <Table.Tbody>
                        {rows.map(([label, n]) => <Table.Tr key={label}><Table.Td>{label}</Table.Td><Table.Td ta="right">{n.toLocaleString('en-GB')}</Table.Td></Table.Tr>)}
                      </Table.Tbody>
                      <Table.Tfoot><Table.Tr><Table.Th>Total</Table.Th><Table.Th ta="right">{total.toLocaleString('en-GB')}</Table.Th></Table.Tr></Table.Tfoot>
                    </Table>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}><ReportChart rows={rows} /></Grid.Col>
                </Grid>
              )}
            </Stack>
          </Paper>
        )}
        {query && <CheckInsCard from={query.from} to={query.to} />}
        <BackToMenu to="/menu/settings" label="Back to Settings" />
      </Stack>
    </Panel>
  );
}
