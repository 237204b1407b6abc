import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { PendingApproval } from '../../../domain/wire/seriesManage.js';
import { when } from './requestTimes.js';

interface Props {
  seriesId: string;
  /** The series' pending occurrences, soonest first. */
  members: PendingApproval[];
  zones: ReadonlyMap<number, string>;
  short: boolean;
  onApprove: () => void;
  onReject: () => void;
  /** One occurrence's row with the single-booking Approve and Reject. */
  renderOccurrence: (b: Booking, occurrence: { rowId: string; label: string }) => ReactNode;
}

/**
 * A repeating booking's request as ONE row (issue 22): the pattern in words and how many occurrences
 * wait, Approve series and Reject series; a real button opens the occurrences' own rows to decide each.
 */
export function SeriesRequestRows({ seriesId, members, zones, short, onApprove, onReject, renderOccurrence }: Props) {
  const [open, setOpen] = useState(false);
  const idPrefix = useId();
  const rowId = (b: Booking) => `${idPrefix}-occurrence-${b.Id}`;
  const first = members[0]!;
  const n = members.length;
  const occurrences = `${n} ${n === 1 ? 'occurrence' : 'occurrences'}`;
  return (
    <>
      <Table.Tr data-series-id={seriesId}>
        <Table.Td>{first.RoomName}<Text size="xs" c="dimmed">{first.SiteName}</Text></Table.Td>
        <Table.Td miw={170}>
          <Badge color="#1c5d99" variant="filled" tt="none" mb={4}>Repeating</Badge>
          <Text size="sm" fw={600}>{first.SeriesSummary ?? 'Repeating booking'}</Text>
          <Text size="xs">{occurrences} waiting, first {when(first, zones, short)}</Text>
        </Table.Td>
        <Table.Td>{first.Description}</Table.Td>
        <Table.Td>{first.BookedByUserName}{first.OnBehalfOfEmail && <Text size="xs">for {first.OnBehalfOfEmail}</Text>}</Table.Td>
        <Table.Td>
          <Stack gap={6} align="flex-start">
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" onClick={onApprove} aria-label={`Approve series ${first.Description} in ${first.RoomName}`}>Approve series</Button>
              <Button size="xs" variant="default" onClick={onReject} aria-label={`Reject series ${first.Description} in ${first.RoomName}`}>Reject series</Button>
            </Group>
            <Button size="xs" variant="subtle" px={4} onClick={() => setOpen((o) => !o)} aria-expanded={open}
              aria-controls={open ? members.map(rowId).join(' ') : undefined} aria-label={`${open ? 'Hide' : 'Show'} the ${occurrences} of ${first.Description}`}>
              {open ? 'Hide occurrences' : `Show ${occurrences}`}
            </Button>
          </Stack>
        </Table.Td>
      </Table.Tr>
      {/* The occurrences' own rows follow the series' row: a table cannot nest rows. */}
      {open && members.map((b, i) => renderOccurrence(b, { rowId: rowId(b), label: `Occurrence ${i + 1} of ${n}` }))}
    </>
  );
}
