import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import { useDateFormat } from '../appShell/index.js';
import { useSiteZones } from '../appShell/useSiteZones.js';
import { cancelBooking, serverText } from './myBookingsApi.js';
import { bookingTitle } from './myBookingsView.js';
import { cancelSeries, getSeries, seriesKey } from './seriesApi.js';
import { datesAffected, type CancelScope } from './seriesGroups.js';
import { occurrenceDate, seriesOccurrences } from './seriesOccurrences.js';

interface Props {
  /** The occurrence the person chose to cancel ("this booking", and where "the following" start). */
  booking: Booking;
  seriesId: string;
  /** The series' bookings My Bookings holds: the occurrences until the series has loaded. */
  members: readonly Booking[];
  initialScope?: CancelScope;
  now: Date;
  onClose: () => void;
  onCancelled: () => unknown;
}

const SCOPE_LABELS: Record<CancelScope, string> = { This: 'This booking', Following: 'This and the following', Series: 'The whole series' };

/**
 * Cancelling an occurrence of a repeating booking (issue 22): this one (the single-booking cancel),
 * this and the following ones, or every one of the series not yet started. Says how many bookings,
 * on which days, before anything happens.
 */
export function CancelSeriesModal({ booking, seriesId, members, initialScope = 'This', now, onClose, onCancelled }: Props) {
  const timeZone = useSiteZones()(booking.SiteId);
  const detail = useQuery({ queryKey: seriesKey(seriesId), queryFn: () => getSeries(seriesId) }).data; // cached from the card
  const dates = useDateFormat(timeZone);
  const [scope, setScope] = useState<CancelScope>(initialScope);
  const [reason, setReason] = useState('');
  const chosen = occurrenceDate(booking, detail, timeZone);
  const affected = datesAffected(scope, seriesOccurrences(detail, members, timeZone), chosen, now);
  const needsReason = detail?.CancelNeedsReason === true; // an admin's single cancel needs one too
  const title = bookingTitle(booking);

  const cancel = useMutation({
    mutationFn: async (): Promise<number> => {
      if (scope === 'This') { await cancelBooking(booking, reason.trim()); return 1; }
      const trimmed = reason.trim();
      const done = await cancelSeries(seriesId, { ...(scope === 'Following' ? { From: chosen } : {}), ...(trimmed ? { Reason: trimmed } : {}) });
      return done.Cancelled;
    },
    onSuccess: async (n) => {
      notifications.show({ color: 'green', message: `${bookingsWord(n)} of ${title} cancelled` });
      await onCancelled();
      onClose();
    },
  });

  const count = affected.length;
  const first = affected[0], last = affected[count - 1];
  const summary = count === 0 ? 'Nothing left to cancel: every occurrence has started or is already cancelled.'
    : count === 1 ? `1 booking will be cancelled: ${dates.calendarDay(first!)}.`
      : `${count} bookings will be cancelled, from ${dates.calendarDay(first!)} to ${dates.calendarDay(last!)}.`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (count > 0 && !(needsReason && reason.trim() === '')) cancel.mutate();
  };

  return (
    <Modal opened onClose={onClose} title={`Cancel repeating booking of ${title}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {cancel.error && <Alert color="red" role="alert">{`Unable to cancel: ${serverText(cancel.error)}`}</Alert>}
          {detail?.Summary && <Text size="sm">{detail.Summary}</Text>}
          <Text size="sm">Chosen occurrence: {dates.range(booking.Start, booking.Finish)}</Text>
          <Radio.Group label="Which bookings do you want to cancel?" value={scope} onChange={(v) => setScope(v as CancelScope)}>
            <Stack gap="xs" mt="xs">
              {(Object.keys(SCOPE_LABELS) as CancelScope[]).map((s) => <Radio key={s} value={s} label={SCOPE_LABELS[s]} />)}
            </Stack>
          </Radio.Group>
          <Text fw={600} aria-live="polite" data-testid="cancel-summary">{summary}</Text>
          {needsReason && (
            <Textarea label="Reason" description="Sent to the person the bookings are for" required autosize minRows={2} maxLength={1000}
              value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>No, keep them</Button>
            <Button type="submit" color="red" loading={cancel.isPending} disabled={count === 0 || (needsReason && reason.trim() === '')}>
              {count === 1 ? 'Cancel 1 booking' : `Cancel ${count} bookings`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const bookingsWord = (n: number) => (n === 1 ? '1 booking' : `${n} bookings`);
