import { Badge, Box, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '../../../domain/wire/audit.js';
import { useDateFormat } from '../appShell/index.js';
import { actionLabel, changeLines, targetText } from './auditText.js';

function Changes({ entry }: { entry: AuditEntry }) {
  const lines = changeLines(entry, useDateFormat());
  if (lines.length === 0) return <Text size="sm" c="dimmed">No details</Text>;
  return (
    <Stack gap={2}>
      {lines.map((l) => (
        <Text key={l.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <b>{l.field}:</b> {l.fact ? l.after : <>{l.before} <span aria-label="changed to">→</span> {l.after}</>}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The entries: a table on wider screens, one card per entry on a phone (five columns do not fit 375 px).
 * Both are rendered; CSS shows one, so the content and its order are the same for every reader.
 */
export function AuditEntries({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  const dates = useDateFormat();
  if (loading) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" role="status">Loading the audit log…</Text>
        {[0, 1, 2].map((i) => <Skeleton key={i} height={28} radius="sm" />)}
      </Stack>
    );
  }
  if (entries.length === 0) return <Text role="status">No entries match these filters.</Text>;
  return (
    <>
      <Box visibleFrom="sm">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr><Table.Th>When</Table.Th><Table.Th>Who</Table.Th><Table.Th>Action</Table.Th><Table.Th>What</Table.Th><Table.Th>What changed</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.Id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.dayTime(e.At)}</Table.Td>
                <Table.Td>{e.ActorName}</Table.Td>
                <Table.Td>{actionLabel(e.Action)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{targetText(e)}</Table.Td>
                <Table.Td><Changes entry={e} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit entries">
        {entries.map((e) => (
          <Paper key={e.Id} component="li" withBorder p="sm">
            <Stack gap={4}>
              <Badge variant="light" style={{ alignSelf: 'flex-start' }}>{actionLabel(e.Action)}</Badge>
              <Text size="sm">{dates.dayTime(e.At)} · {e.ActorName}</Text>
              <Text size="sm" c="dimmed">{targetText(e)}</Text>
              <Changes entry={e} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
