import { Box, Group, Text } from '@mantine/core';

/**
 * The counts as horizontal bars (plain CSS). Each bar carries its label and number as text, so the
 * chart reads the same to a screen reader as the table beside it; the bars themselves are decoration.
 */
export function ReportChart({ rows }: { rows: [string, number][] }) {
  const max = Math.max(1, ...rows.map(([, n]) => n));
  return (
    <Box component="ul" aria-label="Bookings per label, as a bar chart" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map(([label, n]) => (
        <Box component="li" key={label} mb="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate="end">{label}</Text>
            <Text size="sm" fw={600}>{n.toLocaleString('en-GB')}</Text>
          </Group>
          <Box aria-hidden h={14} bg="gray.1" style={{ borderRadius: 4 }}>
            <Box h={14} bg="blue.7" style={{ borderRadius: 4, width: `${(n / max) * 100}%`, minWidth: n > 0 ? 2 : 0 }} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
