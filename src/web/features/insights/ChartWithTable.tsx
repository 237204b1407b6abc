import { Box, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

export interface TableSpec { header: string[]; rows: (string | number)[][] }

/**
 * A chart with its data table (WCAG 1.1.1): the chart is one image named by its title for assistive
 * technology, and "Show table" (a switch, reachable by keyboard) shows the same figures as a table.
 * Screen-reader users get the table in the page either way, hidden only visually while the chart shows.
 */
export function ChartWithTable({ title, description, chart, table, empty }: {
  title: string; description?: string; chart: ReactNode; table: TableSpec; empty?: string | null;
}) {
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableView = (
    <Table striped withTableBorder aria-labelledby={titleId}>
      <Table.Thead><Table.Tr>{table.header.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
      <Table.Tbody>
        {table.rows.map((r, i) => <Table.Tr key={i}>{r.map((c, j) => <Table.Td key={j}>{c}</Table.Td>)}</Table.Tr>)}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5" id={titleId}>{title}</Title>
          {!empty && <Switch label="Show table" checked={showTable} onChange={(e) => setShowTable(e.currentTarget.checked)} />}
        </Group>
        {description && <Text size="sm" c="dimmed">{description}</Text>}
        {empty ? <Text size="sm" role="status">{empty}</Text> : showTable ? tableView : (
          <>
            <Box role="img" aria-label={`${title}: chart; the same figures are in the table`}>{chart}</Box>
            <Box className="visually-hidden-table" style={VISUALLY_HIDDEN}>{tableView}</Box>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const VISUALLY_HIDDEN: React.CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
};
