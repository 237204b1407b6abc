import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Room } from '../../../domain/wire/rooms.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { locationsPath } from '../locations/locationsApi.js';
import { statusOf, withReason } from '../sites/errorText.js';
import { StatusBadge } from '../sites/StatusBadge.js';
import { EmptyRow, LoadingRows } from '../sites/TableStates.js';
import { roomTypeLabel } from './roomForm.js';
import { RoomQrDialog } from './RoomQrDialog.js';
import { deleteRoom, listRooms, roomsKey, roomsPath } from './roomsApi.js';
import { useLocationContext } from './useLocationContext.js';
import { notifyDone } from '../sites/notify.js';

const COLUMNS = 5;

/** .../locations/{locationId}/rooms (admin): every room, hidden and disabled ones too, with its QR code dialog. */
export function RoomsListPage() {
  const { siteId, locationId, location } = useLocationContext();
  const queryClient = useQueryClient();
  const rooms = useQuery({ queryKey: roomsKey(locationId), queryFn: () => listRooms(locationId), enabled: locationId > 0 });
  const [qrRoom, setQrRoom] = useState<Room | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const base = roomsPath(siteId, locationId);

  const remove = useMutation({
    mutationFn: (r: Room) => deleteRoom(r.Id),
    onSuccess: (_v, r) => {
      setDeleteError(null);
      notifyDone(`Room ${r.Name} deleted`);
      return queryClient.invalidateQueries({ queryKey: roomsKey(locationId) });
    },
    onError: (err) => setDeleteError(withReason('Unable to delete rooms', err)),
  });

  const askDelete = (r: Room) => modals.openConfirmModal({
    title: `Delete room ${r.Name}?`,
    children: (
      <Stack gap="xs">
        <Text>Are you sure? The room will be removed.</Text>
        <Text fw={600}>A room can only be deleted when no bookings are active in it.</Text>
      </Stack>
    ),
    labels: { confirm: 'Delete room', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove.mutate(r),
  });

  return (
    <>
      {rooms.error && <ErrorBar message={`Unable to load rooms: ${statusOf(rooms.error)}`} />}
      {deleteError && <ErrorBar message={deleteError} />}
      <Panel size="md">
        <PageHeading>{location ? `Rooms: ${location.Title}` : 'Rooms'}</PageHeading>
        <Stack>
          <Group justify="flex-end">
            <Button component={Link} to={`${base}/new`}>New room</Button>
          </Group>
          <Paper withBorder style={{ overflowX: 'auto' }}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th visibleFrom="sm">Type</Table.Th>
                  <Table.Th visibleFrom="sm">Capacity</Table.Th>
                  <Table.Th visibleFrom="sm">Status</Table.Th>
                  <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rooms.isPending && locationId > 0 && <LoadingRows columns={COLUMNS} label="Loading rooms…" />}
                {rooms.data?.length === 0 && <EmptyRow columns={COLUMNS}>No rooms yet. Create the first one.</EmptyRow>}
                {rooms.data?.map((r) => (
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
                        <Button size="xs" variant="light" color="red" onClick={() => askDelete(r)} aria-label={`Delete ${r.Name}`}
                          loading={remove.isPending && remove.variables?.Id === r.Id}>Delete</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <BackToMenu to={locationsPath(siteId)} label="Back to Locations" />
        </Stack>
      </Panel>
      {qrRoom && <RoomQrDialog room={qrRoom} onClose={() => setQrRoom(null)} />}
    </>
  );
}
