import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import { ApiError } from '../../app/api.js';
import { CancelSeriesModal } from '../myBookings/CancelSeriesModal.js';
import { getSeries, seriesKey } from '../myBookings/seriesApi.js';
import type { CancelScope } from '../myBookings/seriesGroups.js';
import type { CancelMode } from '../cancellation/index.js';

/** Why the series cannot be cancelled from here, in words (the server's 403/404/409 answers). */
function refusalText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 404) return 'This repeating booking no longer exists, or you may not manage it.';
    if (err.status === 403) return 'You may not cancel this repeating booking.';
    if (err.status === 409) return `This repeating booking changed meanwhile: ${err.serverMessage}`;
    return err.serverMessage;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * Cancelling someone else's repeating booking as its manager (an Admin, the room's admin, or a
 * Booking Manager for desks; issue 22): from the chosen occurrence onward or the whole series, in the
 * same dialog the owner uses in My Bookings, which asks for the reason the server requires.
 * Shown only for an occurrence of a series the viewer cancels as admin.
 */
export function AdminSeriesCancel({ booking, cancelMode, onDone }: { booking: Booking; cancelMode: CancelMode | null; onDone: () => void }) {
  const [scope, setScope] = useState<CancelScope | null>(null);
  const seriesId = booking.SeriesId;
  const queryClient = useQueryClient();
  // Loaded when the details open, so the dialog knows the series (and whether a reason is needed) at once.
  const detail = useQuery({ queryKey: seriesKey(seriesId ?? ''), queryFn: () => getSeries(seriesId!), enabled: cancelMode === 'admin' && !!seriesId, retry: false });
  if (cancelMode !== 'admin' || !seriesId) return null;

  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['roomBooking'] }),
    queryClient.invalidateQueries({ queryKey: ['manageBookings'] }),
    queryClient.invalidateQueries({ queryKey: ['myBookings'] }),
    queryClient.invalidateQueries({ queryKey: seriesKey(seriesId) }),
  ]);

  return (
    <>
      <Text size="sm" c="gray.7" mt="sm">This booking repeats{detail.data?.Summary ? ` (${detail.data.Summary})` : ''}.</Text>
      {detail.isPending && <Group gap="xs"><Loader size="xs" aria-label="Loading the repeating booking" /><Text size="sm">Loading the repeating booking…</Text></Group>}
      {detail.isError && <Alert color="red" role="alert" title="Unable to cancel the repeating booking">{refusalText(detail.error)}</Alert>}
      {detail.isSuccess && (
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="light" color="red" onClick={() => setScope('Following')}>Cancel this and following…</Button>
          <Button variant="light" color="red" onClick={() => setScope('Series')}>Cancel whole series…</Button>
        </Group>
      )}
      {scope && (
        <CancelSeriesModal booking={booking} seriesId={seriesId} members={[booking]} initialScope={scope} now={new Date()}
          onClose={() => setScope(null)} onCancelled={async () => { await refresh(); onDone(); }} />
      )}
    </>
  );
}
