import { Skeleton, Table, Text } from '@mantine/core';

/** Skeleton rows while an administration list loads (used through AdminListTable); the label is a status, so it is announced. */
export function LoadingRows({ columns, rows = 3, label }: { columns: number; rows?: number; label: string }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Table.Tr key={i} aria-hidden={i > 0 ? true : undefined}>
          {Array.from({ length: columns }, (_, c) => (
            <Table.Td key={c}>
              {i === 0 && c === 0 ? <Text size="sm" c="dimmed" role="status">{label}</Text> : <Skeleton height={14} radius="sm" />}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

export function EmptyRow({ columns, children }: { columns: number; children: string }) {
  return <Table.Tr><Table.Td colSpan={columns}><Text py="sm">{children}</Text></Table.Td></Table.Tr>;
}
