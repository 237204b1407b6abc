import { Button, Group, Stack, Table } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Room } from '../../../domain/wire/rooms.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { locationsPath } from '../locations/locationsApi.js';
import { statusOf, withReason } from '../sites/errorText.js';
import { StatusBadge } from '../sites/StatusBadge.js';
import { roomTypeLabel } from './roomForm.js';
import { RoomQrDialog } from './RoomQrDialog.js';
import { deleteRoom, listRooms, roomsKey, roomsPath } from './roomsApi.js';
import { useLocationContext } from './useLocationContext.js';
import { notifyDone } from '../sites/notify.js';
import { AdminListTable } from '../adminLists/AdminListTable.js';
import { DeleteRowButton } from '../adminLists/DeleteRowButton.js';
import { useConfirmedDelete } from '../adminLists/useConfirmedDelete.js';

/** .../locations/{locationId}/rooms (admin): every room, hidden and disabled ones too, with its QR code dialog. */
export function RoomsListPage() {
  const { siteId, locationId, location } = useLocationContext();
  const queryClient = useQueryClient();
  const rooms = useQuery({ queryKey: roomsKey(locationId), queryFn: () => listRooms(locationId), enabled: locationId > 0 });
  const [qrRoom, setQrRoom] = useState<Room | null>(null);
  const base = roomsPath(siteId, locationId);

  const { askDelete, isDeleting, error: deleteError } = useConfirmedDelete({
    deleteItem: (r: Room) => deleteRoom(r.Id),
    warning: (r) => ({
      title: `Delete room ${r.Name}?`,
      consequence: 'Are you sure? The room will be removed.',
      rule: 'A room can only be deleted when no bookings are active in it.',
      confirmLabel: 'Delete room',
    }),
    onDeleted: (r) => {
      notifyDone(`Room ${r.Name} deleted`);
      return queryClient.invalidateQueries({ queryKey: roomsKey(locationId) });
    },
    failureMessage: (err) => withReason('Unable to delete rooms', err),
  });

  return (
    <>
      {rooms.error && <LoadErrorBar message={`Unable to load rooms: ${statusOf(rooms.error)}`} onRetry={() => void rooms.refetch()} retrying={rooms.isFetching} />}
      {deleteError && <ErrorBar message={deleteError} />}
      <Panel size="md">
        <PageHeading>{location ? `Rooms: ${location.Title}` : 'Rooms'}</PageHeading>
        <Stack>
          <Group justify="flex-end">
            <Button component={Link} to={`${base}/new`}>New room</Button>
          </Group>
          <AdminListTable
            columns={[{ label: 'Name' }, { label: 'Type', wideOnly: true }, { label: 'Capacity', wideOnly: true }, { label: 'Status', wideOnly: true }]}
            items={rooms.data} loading={rooms.isPending && locationId > 0} loadingLabel="Loading rooms…" emptyText="No rooms yet. Create the first one."
            renderRow={(r) => (
              <Table.Tr key={r.Id}>
                <Table.Td fw={500}>{r.Name}</Table.Td>
                <Table.Td visibleFrom="sm">{roomTypeLabel(r.RoomType)}</Table.Td>
                <Table.Td visibleFrom="sm">{r.Capacity}</Table.Td>
                <Table.Td visibleFrom="sm">
                  <Group gap={4}>
                    {r.Hidden && <StatusBadge color="gray">Hidden</StatusBadge>}
                    {r.Disabled && <StatusBadge color="red">Disabled</StatusBadge>}
                    {r.RestrictRoomAccess && <StatusBadge color="orange">Restricted</StatusBadge>}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="light" onClick={() => setQrRoom(r)} aria-label={`QR code for ${r.Name}`}>QR code</Button>
                    <Button size="xs" variant="default" component={Link} to={`${base}/${r.Id}/edit`} aria-label={`Edit ${r.Name}`}>Edit</Button>
                    <DeleteRowButton name={r.Name} onClick={() => askDelete(r)} loading={isDeleting(r)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            )} />
          <BackToMenu to={locationsPath(siteId)} label="Back to Locations" />
        </Stack>
      </Panel>
      {qrRoom && <RoomQrDialog room={qrRoom} onClose={() => setQrRoom(null)} />}
    </>
  );
}
