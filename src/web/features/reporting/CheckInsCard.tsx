import { Alert, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KindReport } from '../../../domain/wire/deskCheckIn.js';
import { ApiError } from '../../app/api.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { useDateFormat } from '../appShell/index.js';
import { checkInReportKeys, getCheckInReport, listReportSites } from './checkInsApi.js';

const problem = (e: unknown) => (e instanceof ApiError ? e.serverMessage : 'the server cannot be reached');

const ROWS: { label: string; pick: (k: KindReport) => number | null; rate?: boolean }[] = [
  { label: 'Needed a check-in', pick: (k) => k.Needed },
  { label: 'Checked in', pick: (k) => k.CheckedIn },
  { label: 'Released as no-shows', pick: (k) => k.NoShows },
  { label: 'Checked-in rate', pick: (k) => k.CheckedInRate, rate: true },
  { label: 'No-show rate', pick: (k) => k.NoShowRate, rate: true },
];

/**
 * "Check-ins and no-shows" (issue 24) for the period the report was run for, at one chosen site: desk
 * and room bookings that needed a check-in, were checked in and were released. Figures about fewer
 * people than the insights minimum group size come back null and read "fewer than N people", as on
 * the Insights screen; the API decides, the screen never learns the number.
 */
export function CheckInsCard({ from, to }: { from: string; to: string }) {
  const dates = useDateFormat();
  const [siteId, setSiteId] = useState<string | null>(null);
  const sites = useQuery({ queryKey: checkInReportKeys.sites, queryFn: listReportSites });
  const site = siteId ?? (sites.data?.[0] ? String(sites.data[0].Id) : null);
  const report = useQuery({
    queryKey: checkInReportKeys.report(Number(site), from, to),
    queryFn: () => getCheckInReport(Number(site), from, to),
    enabled: site !== null,
  });
  const hidden = report.data ? `fewer than ${report.data.MinGroupSize} people` : '';
  const cell = (n: number | null, rate?: boolean) => (n === null ? hidden
    : rate ? new Intl.NumberFormat(dates.locale, { style: 'percent', maximumFractionDigits: 1 }).format(n) : n.toLocaleString(dates.locale));
  const allHidden = report.data !== undefined && report.data.Desk.Needed === null && report.data.Room.Needed === null;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="check-ins-title">
      <Stack>
        <Title order={2} size="h4" id="check-ins-title">Check-ins and no-shows</Title>
        <Text size="sm">{`Bookings starting from ${dates.calendarDay(from)} to ${dates.calendarDay(to)} (up to now) at places that need a check-in.`}</Text>
        {sites.isPending && <LoadingState what="the sites" minHeight={60} size="sm" />}
        {sites.isError && <Alert color="red" role="alert">Unable to load the sites: {problem(sites.error)}</Alert>}
        {sites.data?.length === 0 && <Text role="status">There are no sites yet.</Text>}
        {sites.data && sites.data.length > 0 && (
          <Select label="Site" maw={360} data={sites.data.map((s) => ({ value: String(s.Id), label: s.Title }))} value={site}
            onChange={setSiteId} allowDeselect={false} />
        )}
        {site !== null && report.isPending && <LoadingState what="the check-ins" minHeight={60} size="sm" />}
        {report.isError && <Alert color="red" role="alert">Unable to count the check-ins: {problem(report.error)}</Alert>}
        {report.data && allHidden && (
          // No one at all is fewer too, so an empty period reads the same as a small one (as insights do).
          <Text role="status">{`No figures to show: ${hidden} had desk or room bookings here that needed a check-in in this period.`}</Text>
        )}
        {report.data && !allHidden && (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Caption>{`Figures about ${hidden} are not shown.`}</Table.Caption>
              <Table.Thead>
                <Table.Tr><Table.Th scope="col">Bookings</Table.Th><Table.Th scope="col" ta="right">Desks</Table.Th><Table.Th scope="col" ta="right">Rooms</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROWS.map((r) => (
                  <Table.Tr key={r.label}>
                    <Table.Th scope="row" fw={400}>{r.label}</Table.Th>
                    <Table.Td ta="right">{cell(r.pick(report.data.Desk), r.rate)}</Table.Td>
                    <Table.Td ta="right">{cell(r.pick(report.data.Room), r.rate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
