import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingSkeleton } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf } from '../sites/errorText.js';
import { RoomForm } from './RoomForm.js';
import { RoomDisplaysSection } from '../displays/RoomDisplaysSection.js';
import { RoomFreeBusySection } from './RoomFreeBusySection.js';
import { RoomBookingAddressSection } from './RoomBookingAddressSection.js';
import { roomInfo, roomKey, roomsPath } from './roomsApi.js';
import { useLocationContext } from './useLocationContext.js';

/** .../rooms/new and .../rooms/{roomId}/edit (admin). */
export function RoomEditorPage() {
  const { siteId, locationId, location } = useLocationContext();
  const id = Number(useParams()['roomId']);
  const editing = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const room = useQuery({ queryKey: roomKey(id), queryFn: () => roomInfo(id), enabled: editing });
  const back = () => void navigate(roomsPath(siteId, locationId));
  const where = location ? ` (${location.Title})` : '';

  return (
    <>
      {room.error && <LoadErrorBar message={`Unable to load rooms: ${statusOf(room.error)}`} onRetry={() => void room.refetch()} retrying={room.isFetching} />}
      <Panel>
        <PageHeading>{editing ? `Edit room${room.data ? `: ${room.data.Name}` : ''}` : `New room${where}`}</PageHeading>
        {editing && room.isPending && (
          <LoadingSkeleton what="the room" />
        )}
        {(!editing || room.data) && (
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <RoomForm key={room.data?.Id ?? 'new'} room={room.data ?? null} locationId={locationId} mode="admin" onDone={back} onCancel={back} />
          </Paper>
        )}
        {editing && room.data && <RoomFreeBusySection roomId={id} />}
        {editing && room.data && <RoomBookingAddressSection roomId={id} />}
        {editing && room.data && <RoomDisplaysSection roomId={room.data.Id} />}
        <Stack mt="md"><BackToMenu to={roomsPath(siteId, locationId)} label="Back to Rooms" /></Stack>
      </Panel>
    </>
  );
}
