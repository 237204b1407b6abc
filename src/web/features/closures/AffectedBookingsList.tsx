import { List, Stack, Text } from '@mantine/core';
import type { ClosurePreview } from '../../../domain/wire/closures.js';
import { useDateFormat } from '../appShell/useDateFormat.js';

/** What a closure would cancel: the count in words, then the first bookings (who, where, when on the site's clock). */
export function AffectedBookingsList({ preview, timeZone }: { preview: Pick<ClosurePreview, 'Count' | 'Bookings'>; timeZone: string }) {
  const fmt = useDateFormat(timeZone);
  if (preview.Count === 0) return <Text role="status">No active bookings fall in this closure; nothing will be cancelled.</Text>;
  const more = preview.Count - preview.Bookings.length;
  return (
    <Stack gap="xs" role="status" aria-label="Bookings this closure cancels">
      <Text fw={600}>{preview.Count === 1 ? '1 booking will be cancelled' : `${preview.Count} bookings will be cancelled`}; each person gets one e-mail and one notification.</Text>
      <List size="sm" spacing={2} mah={260} style={{ overflowY: 'auto' }} data-testid="affected-bookings">
        {preview.Bookings.map((b) => <List.Item key={b.Id}>{b.PersonName}: {b.Place}, {fmt.range(b.Start, b.Finish)}</List.Item>)}
      </List>
      {more > 0 && <Text size="sm" c="dimmed">and {more} more</Text>}
    </Stack>
  );
}
