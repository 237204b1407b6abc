import { Alert, Button, Group, Modal, Paper, Stack, Table, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { hasReason } from '../../../domain/approval.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf } from '../roomBooking/apiErrors.js';
import { browserTimeZone } from '../../../domain/deskRoute.js';
import { useShortDates } from '../appShell/index.js';
import { slotText } from '../roomBooking/roomBookingView.js';
import { approvalKeys, approveBooking, getPendingApprovals, getSites, rejectBooking } from './approvalsApi.js';

export const APPROVE_CONFIRM = 'Approve this booking? Are you sure?';

type Zones = ReadonlyMap<number, string>;
/** On the site's wall clock; until the sites load (or for an unknown site), the browser's own. Short under 768 px. */
const when = (b: Booking, zones: Zones, short: boolean) =>
  slotText(new Date(b.Start), new Date(b.Finish), zones.get(b.SiteId) ?? browserTimeZone(), short);

/**
 * /menu/approvals, Booking Approval (SPEC 2.6): the pending requests of the rooms the person
 * approves, each with Approve (after 'Approve this booking? Are you sure?') and Reject (a reason is required).
 */
export function ApprovalsPage() {
  const queryClient = useQueryClient();
  const pending = useQuery({ queryKey: approvalKeys.pending, queryFn: getPendingApprovals });
  const sites = useQuery({ queryKey: approvalKeys.sites, queryFn: getSites });
  const zones: Zones = new Map((sites.data ?? []).map((s) => [s.Id, s.TimeZone]));
  const short = useShortDates();
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Booking | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: approvalKeys.pending });

  const approve = useMutation({
    mutationFn: (b: Booking) => approveBooking(b.Id),
    onSuccess: (_r, b) => {
      setError(null);
      notifications.show({ closeButtonProps: { 'aria-label': 'Dismiss' }, color: 'green', message: `Approved: ${b.RoomName}, ${when(b, zones, short)}` });
      return refresh();
    },
    onError: (err) => { setError(`Unable to approve booking: ${statusOf(err)}`); void refresh(); },
  });

  const askApprove = (b: Booking) => modals.openConfirmModal({
    title: 'Approve booking',
    children: <Text>{APPROVE_CONFIRM}</Text>,
    labels: { confirm: 'Approve', cancel: 'Cancel' },
    onConfirm: () => approve.mutate(b),
  });

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
            <Paper withBorder style={{ overflowX: 'auto' }}>
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
                  {pending.data.map((b) => (
                    <Table.Tr key={b.Id} data-booking-id={b.Id}>
                      <Table.Td>{b.RoomName}<Text size="xs" c="dimmed">{b.SiteName}</Text></Table.Td>
                      <Table.Td>{when(b, zones, short)}</Table.Td>
                      <Table.Td>{b.Description}</Table.Td>
                      <Table.Td>{b.BookedByUserName}{b.OnBehalfOfEmail && <Text size="xs">for {b.OnBehalfOfEmail}</Text>}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" onClick={() => askApprove(b)} aria-label={`Approve ${b.Description} in ${b.RoomName}`}>Approve</Button>
                          <Button size="xs" variant="default" onClick={() => setRejecting(b)} aria-label={`Reject ${b.Description} in ${b.RoomName}`}>Reject</Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
          <BackToMenu />
        </Stack>
      </Panel>
      {rejecting && <RejectModal booking={rejecting} zones={zones} onClose={() => setRejecting(null)} onDone={(msg) => { setError(msg); void refresh(); }} />}
    </>
  );
}

function RejectModal({ booking, zones, onClose, onDone }: { booking: Booking; zones: Zones; onClose: () => void; onDone: (error: string | null) => void }) {
  const [reason, setReason] = useState('');
  const short = useShortDates();
  const reject = useMutation({
    mutationFn: () => {
      if (!Number.isInteger(booking.Id) || booking.Id <= 0) throw new Error('bad booking');
      return rejectBooking(booking.Id, reason.trim());
    },
    onSuccess: () => {
      notifications.show({ closeButtonProps: { 'aria-label': 'Dismiss' }, color: 'green', message: `Rejected: ${booking.RoomName}, ${when(booking, zones, short)}` });
      onDone(null);
      onClose();
    },
    onError: (err) => {
      onDone(err instanceof Error && err.message === 'bad booking' ? 'Unable to reject booking - issue with booking data' : `Unable to reject booking: ${statusOf(err)}`);
      onClose();
    },
  });
  const submit = (e: FormEvent) => { e.preventDefault(); if (hasReason(reason)) reject.mutate(); };
  return (
    <Modal opened onClose={onClose} title="Reject booking" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit}>
        <Stack>
          <Text>{booking.RoomName}, {when(booking, zones, short)}: {booking.Description}</Text>
          <Textarea label="Reason" required autosize minRows={2} maxLength={1000} value={reason} data-autofocus
            onChange={(e) => setReason(e.currentTarget.value)} />
          {!hasReason(reason) && <Alert color="gray" variant="transparent" p={0}>A reason is required to reject a booking.</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={!hasReason(reason)} loading={reject.isPending}>Reject</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
