import { Paper, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyRow, LoadingRows } from './TableStates.js';

/** A column heading; `wideOnly` columns are left out on phones (375 px) so the row stays readable. */
export interface AdminColumn { label: string; wideOnly?: boolean }

interface AdminListTableProps<T> {
  columns: AdminColumn[];
  /** The list's query result: undefined while it loads (or when it failed). */
  items: T[] | undefined;
  loading: boolean;
  loadingLabel: string;
  emptyText: string;
  /** One Table.Tr per item; its last cell holds the row's actions. */
  renderRow: (item: T) => ReactNode;
}

/**
 * The table of an administration list (sites, locations, rooms, an approver's rooms): the headings
 * plus an unnamed-on-screen Actions column, skeleton rows while loading, a line when the list is empty.
 * It scrolls sideways inside its border rather than widening the page.
 */
export function AdminListTable<T>({ columns, items, loading, loadingLabel, emptyText, renderRow }: AdminListTableProps<T>) {
  const columnCount = columns.length + 1;
  return (
    <Paper withBorder style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => <Table.Th key={c.label} visibleFrom={c.wideOnly ? 'sm' : undefined}>{c.label}</Table.Th>)}
            <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && <LoadingRows columns={columnCount} label={loadingLabel} />}
          {items?.length === 0 && <EmptyRow columns={columnCount}>{emptyText}</EmptyRow>}
          {items?.map((item) => renderRow(item))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
