import { Button, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { ROOMS_BY_APPROVER_KEY, roomsByApprover, roomTypeLabel } from '../rooms/index.js';
import { statusOf } from '../sites/errorText.js';
import { AdminListTable } from '../adminLists/AdminListTable.js';

export const APPROVER_ROOMS_PATH = '/menu/settings/updateroomdetails';

/** /menu/settings/updateroomdetails (room approvers): the rooms they approve (GET /api/rooms/byApprover). */
export function ApproverRoomsPage() {
  const rooms = useQuery({ queryKey: ROOMS_BY_APPROVER_KEY, queryFn: roomsByApprover });
  return (
    <>
      {rooms.error && <LoadErrorBar message={`Unable to load rooms: ${statusOf(rooms.error)}`} onRetry={() => void rooms.refetch()} retrying={rooms.isFetching} />}
      <Panel>
        <PageHeading>Update Room Details</PageHeading>
        <Stack>
          <AdminListTable
            columns={[{ label: 'Room' }, { label: 'Where', wideOnly: true }, { label: 'Type and capacity', wideOnly: true }]}
            items={rooms.data} loading={rooms.isPending} loadingLabel="Loading rooms…" emptyText="You do not approve any rooms at the moment."
            renderRow={(r) => (
              <Table.Tr key={r.Id}>
                <Table.Td fw={500}>{r.Name}</Table.Td>
                <Table.Td visibleFrom="sm">{`${r.SiteName}, ${r.LocationName}`}</Table.Td>
                <Table.Td visibleFrom="sm">{`${roomTypeLabel(r.RoomType)}, ${r.Capacity}`}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant="default" component={Link} to={`${APPROVER_ROOMS_PATH}/${r.Id}/edit`} aria-label={`Edit ${r.Name}`}>Edit</Button>
                </Table.Td>
              </Table.Tr>
            )} />
          <BackToMenu to="/menu/settings" label="Back to Settings" />
        </Stack>
      </Panel>
    </>
  );
}
