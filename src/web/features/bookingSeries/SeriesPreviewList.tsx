import { Alert, Badge, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useDateFormat } from '../appShell/index.js';
import { OCCURRENCE_LOOKS, isBookable, occurrenceDetail } from './occurrenceLooks.js';
import type { SeriesFlow } from './useSeriesFlow.js';


/**
 * Every occurrence of the checked series with what would become of it (a badge in colour and
 * words, the reason below), a checkbox each (the free and needs-approval ones chosen, the others
 * cannot be), and "Book N occurrences". Dates in the site's zone, by the app's one date formatter.
 */
export function SeriesPreviewList({ flow, timeZone }: { flow: SeriesFlow; timeZone: string }) {
  const fmt = useDateFormat(timeZone);
  const preview = flow.preview;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new answer is brought into view (the form above may fill a phone's screen) and announced.
  useEffect(() => {
    if (!preview) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [preview]);
  if (!preview) return null;
  const open = preview.Occurrences.filter(isBookable).length;
  const lastDay = preview.LastPossibleDate ? fmt.calendarDay(preview.LastPossibleDate) : null;
  const n = flow.chosenDates.length;
  // A restricted room's occurrences become one request: the button says what will happen.
  const verb = preview.Occurrences.some((o) => o.State === 'NeedsApproval') ? 'Request' : 'Book';
  return (
    <Stack gap="sm" component="section" aria-labelledby="series-preview-heading">
      <div>
        <Title order={3} size="h5" id="series-preview-heading" ref={heading} tabIndex={-1}>Dates</Title>
        <Text size="sm">
          {preview.Occurrences.length} occurrence{preview.Occurrences.length === 1 ? '' : 's'}, {open} can be booked. Untick the ones you do not want.
        </Text>
      </div>
      {flow.notice && <Alert color="orange" role="alert" title="Some dates changed" styles={{ title: { color: '#7a3a00' }, message: { color: '#7a3a00' } }}>{flow.notice} The list below is up to date.</Alert>}
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {preview.Occurrences.map((o) => {
          const look = OCCURRENCE_LOOKS[o.State];
          const detail = occurrenceDetail(o, lastDay);
          return (
            <Group component="li" key={o.Date} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Checkbox label={fmt.range(o.Start, o.Finish)} description={detail || undefined} disabled={!look.bookable}
                checked={look.bookable && flow.chosen.has(o.Date)} onChange={(e) => flow.toggle(o.Date, e.currentTarget.checked)}
                styles={{ label: { color: 'var(--mantine-color-dark-7)' }, description: { color: 'var(--mantine-color-dark-6)' } }} />
              <Badge color={look.colour} variant="filled" tt="none" style={{ flexShrink: 0 }}>{look.words}</Badge>
            </Group>
          );
        })}
      </Stack>
      {flow.formError && <Alert color="red" role="alert" title="Not booked" styles={{ title: { color: '#8a1c1c' }, message: { color: '#8a1c1c' } }}>{flow.formError}</Alert>}
      <Group justify="flex-end">
        <Button onClick={flow.bookChosen} disabled={n === 0 || flow.checking} loading={flow.booking}>
          {verb} {n} occurrence{n === 1 ? '' : 's'}
        </Button>
      </Group>
    </Stack>
  );
}
