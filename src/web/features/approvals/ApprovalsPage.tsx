import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { PendingApproval } from '../../../domain/wire/seriesManage.js';
import { useLiveEvents } from '../../app/live/useLiveEvents.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf } from '../roomBooking/apiErrors.js';
import { useShortDates } from '../appShell/index.js';
import { groupBySeries } from '../myBookings/seriesGroups.js';
import { approvalKeys, approveBooking, decideSeries, getPendingApprovals, getSites, rejectBooking } from './approvalsApi.js';
import { RejectModal } from './RejectModal.js';
import { when, type Zones } from './requestTimes.js';
import { SeriesRequestRows } from './SeriesRequestRows.js';

export const APPROVE_CONFIRM = 'Approve this booking? Are you sure?';
export const approveSeriesConfirm = (n: number) => `Approve all ${n} occurrences of this repeating booking? Are you sure?`;

/** What the Reject dialog is rejecting: one booking, or every pending occurrence of a series. */
type Rejecting = { booking: Booking; seriesId?: undefined } | { booking: PendingApproval; seriesId: string; count: number };

/**
 * /menu/approvals, Booking Approval (SPEC 2.6): the pending requests of the rooms the person
 * approves, each with Approve (after 'Approve this booking? Are you sure?') and Reject (a reason is required).
 * A repeating booking's occurrences are one request (issue 22), decided as one or opened to decide each.
 */
export function ApprovalsPage() {
  const queryClient = useQueryClient();
  const pending = useQuery({ queryKey: approvalKeys.pending, queryFn: getPendingApprovals });
  const sites = useQuery({ queryKey: approvalKeys.sites, queryFn: getSites });
  const zones: Zones = new Map((sites.data ?? []).map((s) => [s.Id, s.TimeZone]));
  const short = useShortDates();
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: approvalKeys.pending });
  // A request made, withdrawn or decided elsewhere shows here within a second or two (issue 24).
  useLiveEvents((m) => m.type === 'approvals' || m.type === 'resync', () => void refresh());

  const approve = useMutation({
    mutationFn: (b: Booking) => approveBooking(b.Id),
    onSuccess: (_r, b) => {
      setError(null);
      notifications.show({ closeButtonProps: { 'aria-label': 'Dismiss' }, color: 'green', message: `Approved: ${b.RoomName}, ${when(b, zones, short)}` });
      return refresh();
    },
    onError: (err) => { setError(`Unable to approve booking: ${statusOf(err)}`); void refresh(); },
  });

  const approveSeries = useMutation({
    mutationFn: ({ seriesId }: { seriesId: string; first: Booking }) => decideSeries(seriesId, { Decision: 'Approve' }),
    onSuccess: (r, { first }) => {
      setError(null);
      notifications.show({ closeButtonProps: { 'aria-label': 'Dismiss' }, color: 'green', message: `Approved series: ${first.RoomName}, ${r.Decided} ${r.Decided === 1 ? 'booking' : 'bookings'}` });
      return refresh();
    },
    onError: (err) => { setError(`Unable to approve series: ${statusOf(err)}`); void refresh(); },
  });

  const askApproveSeries = (seriesId: string, members: PendingApproval[]) => modals.openConfirmModal({
    title: 'Approve series',
    children: <Text>{approveSeriesConfirm(members.length)}</Text>,
    labels: { confirm: 'Approve series', cancel: 'Cancel' },
    onConfirm: () => approveSeries.mutate({ seriesId, first: members[0]! }),
  });

  const askApprove = (b: Booking) => modals.openConfirmModal({
    title: 'Approve booking',
    children: <Text>{APPROVE_CONFIRM}</Text>,
    labels: { confirm: 'Approve', cancel: 'Cancel' },
    onConfirm: () => approve.mutate(b),
  });

  /** One request row with Approve and Reject; also a series' occurrences when opened. */
  const requestRow = (b: Booking, occurrence?: { rowId: string; label: string }) => (
    <Table.Tr key={b.Id} id={occurrence?.rowId} data-booking-id={b.Id}>
      <Table.Td pl={occurrence ? 'xl' : undefined}>
        {occurrence && <Text size="xs" fw={600}>{occurrence.label}</Text>}
        {b.RoomName}<Text size="xs" c="dimmed">{b.SiteName}</Text>
      </Table.Td>
      <Table.Td>{when(b, zones, short)}</Table.Td>
      <Table.Td>{b.Description}</Table.Td>
      <Table.Td>{b.BookedByUserName}{b.OnBehalfOfEmail && <Text size="xs">for {b.OnBehalfOfEmail}</Text>}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={() => askApprove(b)} aria-label={`Approve ${b.Description} in ${b.RoomName}, ${when(b, zones, short)}`}>Approve</Button>
          <Button size="xs" variant="default" onClick={() => setRejecting({ booking: b })} aria-label={`Reject ${b.Description} in ${b.RoomName}, ${when(b, zones, short)}`}>Reject</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
  const onRejectDone = (msg: string | null) => { setError(msg); void refresh(); };

  return (
    <>
      {pending.error && <LoadErrorBar message="Unable to get pending bookings" onRetry={() => void pending.refetch()} retrying={pending.isFetching} />}
      {error && <ErrorBar message={error} />}
      <Panel size="md">
        <PageHeading>Booking Approval</PageHeading>
        <Stack>
          {pending.isPending && <LoadingState what="booking requests" />}
          {pending.data?.length === 0 && <Text>There are no booking requests waiting for your approval.</Text>}
          {pending.data && pending.data.length > 0 && (
            // Positioned, so the header's visually hidden text is clipped with the table instead of widening a phone's page.
            <Paper withBorder style={{ overflowX: 'auto', position: 'relative' }}>
              <Table striped aria-label="Pending booking requests">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Room</Table.Th>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Meeting</Table.Th>
                    <Table.Th>Requested by</Table.Th>
                    <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {groupBySeries(pending.data).map((entry) => entry.kind === 'single' ? requestRow(entry.item) : (
                    <SeriesRequestRows key={`series-${entry.seriesId}`} seriesId={entry.seriesId} members={entry.items} zones={zones} short={short}
                      onApprove={() => askApproveSeries(entry.seriesId, entry.items)}
                      onReject={() => setRejecting({ booking: entry.items[0]!, seriesId: entry.seriesId, count: entry.items.length })}
                      renderOccurrence={requestRow} />
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
          <BackToMenu />
        </Stack>
      </Panel>
      {rejecting && !rejecting.seriesId && (
        <RejectModal title="Reject booking" what={`${rejecting.booking.RoomName}, ${when(rejecting.booking, zones, short)}: ${rejecting.booking.Description}`}
          reject={(reason) => {
            const id = rejecting.booking.Id;
            if (!Number.isInteger(id) || id <= 0) throw new Error('bad booking');
            return rejectBooking(id, reason);
          }}
          successMessage={`Rejected: ${rejecting.booking.RoomName}, ${when(rejecting.booking, zones, short)}`}
          failureMessage={(err) => err instanceof Error && err.message === 'bad booking' ? 'Unable to reject booking - issue with booking data' : `Unable to reject booking: ${statusOf(err)}`}
          onClose={() => setRejecting(null)} onDone={onRejectDone} />
      )}
      {rejecting?.seriesId && (
        <RejectModal title="Reject series"
          what={`${rejecting.booking.RoomName}: ${rejecting.booking.SeriesSummary ?? 'repeating booking'}, ${rejecting.count} ${rejecting.count === 1 ? 'occurrence' : 'occurrences'}: ${rejecting.booking.Description}`}
          reject={(reason) => decideSeries(rejecting.seriesId, { Decision: 'Reject', Reason: reason })}
          successMessage={`Rejected series: ${rejecting.booking.RoomName}`}
          failureMessage={(err) => `Unable to reject series: ${statusOf(err)}`}
          onClose={() => setRejecting(null)} onDone={onRejectDone} />
      )}
    </>
  );
}
