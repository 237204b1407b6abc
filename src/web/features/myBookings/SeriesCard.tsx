import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import { useDateFormat } from '../appShell/index.js';
import { useSiteZones } from '../appShell/useSiteZones.js';
import { bookingTitle, isActive } from './myBookingsView.js';
import { getSeries, seriesKey } from './seriesApi.js';
import { remainingCount } from './seriesGroups.js';
import { seriesOccurrences } from './seriesOccurrences.js';

interface Props {
  seriesId: string;
  /** The series' bookings in this section of My Bookings, in the section's order. */
  members: Booking[];
  now: Date;
  /** Upcoming: the next occurrence and how many remain; Past: how many took place. */
  upcoming: boolean;
  /** One occurrence, as the ordinary booking card (edit, cancel, check-in per occurrence). */
  renderOccurrence: (b: Booking) => ReactNode;
  /** "Cancel series": the cancel dialog for the next occurrence with the whole series chosen. */
  onCancelSeries: (next: Booking) => void;
  /** "Change times": the edit dialog for the next occurrence with the whole series chosen. */
  onChangeSeries: (next: Booking) => void;
}

/**
 * A repeating booking as one card in My Bookings (issue 22): the pattern in words, the next
 * occurrence and how many remain; a real button opens the list of occurrences.
 */
export function SeriesCard({ seriesId, members, now, upcoming, renderOccurrence, onCancelSeries, onChangeSeries }: Props) {
  const first = members[0]!;
  const timeZone = useSiteZones()(first.SiteId);
  const dates = useDateFormat(timeZone);
  const [open, setOpen] = useState(false);
  // A past series' pattern waits until it is opened: each read counts against the person's series
  // reads per minute (seriesManage.routes.ts), and a long past list would spend them on nothing.
  const detail = useQuery({ queryKey: seriesKey(seriesId), queryFn: () => getSeries(seriesId), staleTime: 60_000, enabled: upcoming || open });
  const listId = useId();
  const headingId = useId();
  const title = bookingTitle(first);
  const active = members.filter((b) => isActive(b, now));
  const next = upcoming ? active[0] : undefined;
  const all = seriesOccurrences(detail.data, members, timeZone);
  const remaining = remainingCount(all, now);
  // The pattern in words from the server; until it loads (or if it cannot), a plain name for what this is.
  const pattern = detail.data?.Summary ?? (detail.isFetching ? 'Repeating booking (loading the pattern…)' : 'Repeating booking');
  const countLine = upcoming
    ? `${remaining} of ${all.length} ${all.length === 1 ? 'occurrence' : 'occurrences'} remaining`
    : `${members.length} past ${members.length === 1 ? 'occurrence' : 'occurrences'}`;

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} data-series-id={seriesId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId}>{first.RoomId !== null ? `Room ${title}` : title}, {first.SiteName}</Title>
          <Badge color="#1c5d99" variant="filled" size="lg" tt="none">Repeating</Badge>
        </Group>
        <Text size="sm" fw={600}>{pattern}</Text>
        {next && <Text size="sm">Next: {dates.range(next.Start, next.Finish)}</Text>}
        <Text size="sm" c="gray.7">{countLine}</Text>
        {first.Description && <Text size="sm">{first.Description}</Text>}
        {first.OnBehalfOfEmail && <Text size="sm" c="gray.7">On behalf of {first.OnBehalfOfEmail}</Text>}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={open ? listId : undefined}>
            {open ? 'Hide occurrences' : `Show ${members.length} ${members.length === 1 ? 'occurrence' : 'occurrences'}`}
          </Button>
          {next && (
            <>
              <Button size="xs" variant="default" onClick={() => onChangeSeries(next)} aria-label={`Change times of repeating booking of ${title}`}>
                Change times…
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => onCancelSeries(next)} aria-label={`Cancel repeating booking of ${title}`}>
                Cancel series…
              </Button>
            </>
          )}
        </Group>
        {open && (
          <Stack id={listId} gap="xs" mt="xs" role="group" aria-label={`Occurrences of ${title}`}>
            {members.map(renderOccurrence)}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
