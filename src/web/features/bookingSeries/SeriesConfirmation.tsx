import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { SeriesBooked } from '../../../domain/wire/bookingSeries.js';
import { useDateFormat } from '../appShell/index.js';
import { OCCURRENCE_LOOKS } from './occurrenceLooks.js';

/** "3 occurrences of Thames booked", or "requested" when they wait for an approver. */
export function seriesBookedTitle(booked: SeriesBooked, what: string): string {
  const n = booked.Booked.length;
  const pending = n > 0 && booked.Booked.every((b) => b.Status === 0);
  return `${n} occurrence${n === 1 ? '' : 's'} of ${what} ${pending ? 'requested' : 'booked'}`;
}

/** After booking a series: how many were booked, the rule, and each skipped day with why. */
export function SeriesConfirmation({ booked, timeZone, words, onDone }: {
  booked: SeriesBooked; timeZone: string; words: string | null; onDone: () => void;
}) {
  const fmt = useDateFormat(timeZone);
  const pending = booked.Booked.some((b) => b.Status === 0);
  return (
    <Stack gap="sm" role="status">
      {words && <Text><Text span fw={600}>Repeats:</Text> {words}</Text>}
      <Text>
        {booked.Booked.length} {pending ? 'requested, waiting for an approver' : 'booked'}
        {booked.Skipped.length > 0 ? `; ${booked.Skipped.length} skipped:` : '; none skipped.'}
      </Text>
      {booked.Skipped.length > 0 && (
        <List size="sm" spacing={4} aria-label="Skipped occurrences">
          {booked.Skipped.map((o) => (
            <List.Item key={o.Date}>
              {fmt.range(o.Start, o.Finish)}: {o.State === 'Free' || o.State === 'NeedsApproval' ? 'not chosen' : OCCURRENCE_LOOKS[o.State].words}{o.Reason ? ` (${o.Reason.replace(/\.$/, '')})` : ''}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm">{pending ? 'They are listed in My Bookings as Pending; you will hear when an approver decides.' : 'They are listed in My Bookings.'}</Text>
      <Group justify="flex-end"><Button onClick={onDone} data-autofocus>Done</Button></Group>
    </Stack>
  );
}

/** The confirmation as a dialog of its own, for the desk screen, whose form stays on the page. */
export function SeriesBookedDialog({ booked, what, timeZone, words, onDone }: {
  booked: SeriesBooked | null; what: string; timeZone: string; words: string | null; onDone: () => void;
}) {
  return (
    <Modal opened={booked !== null} onClose={onDone} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}
      title={booked ? seriesBookedTitle(booked, what) : ''}>
      {booked && <SeriesConfirmation booked={booked} timeZone={timeZone} words={words} onDone={onDone} />}
    </Modal>
  );
}
