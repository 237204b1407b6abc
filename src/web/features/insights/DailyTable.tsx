import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { DailyResponse } from '../../../domain/wire/insights.js';
import { fewerThan } from './insightsText.js';

/** Forecast and actuals per day (catering, cleaning): people booked ahead, booked now, checked in. */
export function DailyTable({ data, csvUrl, xlsxUrl, dayLabel }: { data: DailyResponse; csvUrl: string; xlsxUrl: string; dayLabel: (day: string) => string }) {
  const cell = (n: number | null) => (n === null ? fewerThan(data.MinGroupSize) : n);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="daily-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5" id="daily-title">{`Forecast and actuals at ${data.SiteName}`}</Title>
          <Group gap="xs">
            <Button component="a" href={csvUrl} download variant="default" size="xs">Download daily CSV</Button>
            <Button component="a" href={xlsxUrl} download variant="default" size="xs">Download daily XLSX</Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">People with a desk or room each day: booked before the day began, booked now, and checked in.</Text>
        <Table striped withTableBorder aria-labelledby="daily-title">
            <Table.Thead>
              <Table.Tr><Table.Th>Day</Table.Th><Table.Th>Booked ahead</Table.Th><Table.Th>Booked now</Table.Th><Table.Th>Checked in</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.Days.map((d) => (
                <Table.Tr key={d.Day}><Table.Td>{dayLabel(d.Day)}</Table.Td><Table.Td>{cell(d.BookedAhead)}</Table.Td><Table.Td>{cell(d.Booked)}</Table.Td><Table.Td>{cell(d.CheckedIn)}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
