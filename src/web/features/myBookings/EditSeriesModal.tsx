import { Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import { useDateFormat } from '../appShell/index.js';
import { useSiteZones } from '../appShell/useSiteZones.js';
import { ChangeTimesForm } from './ChangeTimesForm.js';
import { EditBookingForm } from './EditBookingModal.js';
import { bookingTitle } from './myBookingsView.js';
import { getSeries, seriesKey } from './seriesApi.js';
import type { ChangeScope } from './seriesChange.js';
import { occurrenceDate, seriesOccurrences } from './seriesOccurrences.js';

interface Props {
  /** The occurrence the person chose to edit ("this booking", and where "the following" start). */
  booking: Booking;
  seriesId: string;
  /** The series' bookings My Bookings holds: the occurrences until the series has loaded. */
  members: readonly Booking[];
  initialScope?: ChangeScope;
  now: Date;
  onClose: () => void;
  onSaved: () => unknown;
}

const SCOPE_LABELS: Record<ChangeScope, string> = { This: 'This booking', Following: 'This and the following', Series: 'The whole series' };

/**
 * Editing an occurrence of a repeating booking (issue 22), as calendars ask it: this booking (the
 * single-booking edit: its day, times and meeting name), this and the following ones, or every one
 * not yet started (new times on each one's own day).
 */
export function EditSeriesModal({ booking, seriesId, members, initialScope = 'This', now, onClose, onSaved }: Props) {
  const timeZone = useSiteZones()(booking.SiteId);
  const detail = useQuery({ queryKey: seriesKey(seriesId), queryFn: () => getSeries(seriesId) }).data; // cached from the card
  const dates = useDateFormat(timeZone);
  const [scope, setScope] = useState<ChangeScope>(initialScope);
  const title = bookingTitle(booking);

  return (
    <Modal opened onClose={onClose} title={`Edit repeating booking of ${title}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {detail?.Summary && <Text size="sm">{detail.Summary}</Text>}
        <Text size="sm">Chosen occurrence: {dates.range(booking.Start, booking.Finish)}</Text>
        <Radio.Group label="Which bookings do you want to change?" value={scope} onChange={(v) => setScope(v as ChangeScope)}>
          <Stack gap="xs" mt="xs">
            {(Object.keys(SCOPE_LABELS) as ChangeScope[]).map((s) => <Radio key={s} value={s} label={SCOPE_LABELS[s]} />)}
          </Stack>
        </Radio.Group>
        {scope === 'This'
          ? <EditBookingForm booking={booking} onClose={onClose} onSaved={onSaved} />
          : (
            <ChangeTimesForm booking={booking} seriesId={seriesId} scope={scope} occurrences={seriesOccurrences(detail, members, timeZone)}
              chosenDate={occurrenceDate(booking, detail, timeZone)} timeZone={timeZone} now={now} onClose={onClose} onChanged={onSaved} />
          )}
      </Stack>
    </Modal>
  );
}
