import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../app/api.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingSkeleton } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { RoomForm, roomInfo, roomKey } from '../rooms/index.js';
import { statusOf } from '../sites/errorText.js';
import { APPROVER_ROOMS_PATH } from './ApproverRoomsPage.js';
import { showCannotRemoveSelf } from './cannotRemoveAlert.js';
import { useApproverGuards } from './useApproverGuards.js';

/** /menu/settings/updateroomdetails/{roomId}/edit: a room approver edits a room they approve. */
export function ApproverRoomEditPage() {
  const id = Number(useParams()['roomId']);
  const navigate = useNavigate();
  const guards = useApproverGuards();
  const room = useQuery({ queryKey: roomKey(id), queryFn: () => roomInfo(id), enabled: id > 0 });
  const back = () => void navigate(APPROVER_ROOMS_PATH);
  // The server refuses (403) what the client checks missed, e.g. a team change; its words go in the alert.
  const onSaveError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 403) showCannotRemoveSelf(err.serverMessage);
    return false;
  };
  const notMine = room.data && !room.data.IsRoomAdmin;

  return (
    <>
      {room.error && <LoadErrorBar message={`Unable to load rooms: ${statusOf(room.error)}`} onRetry={() => void room.refetch()} retrying={room.isFetching} />}
      <Panel>
        <PageHeading>{room.data ? `Room details: ${room.data.Name}` : 'Room details'}</PageHeading>
        {room.isPending && id > 0 && (
          <LoadingSkeleton what="the room" />
        )}
        {notMine && <Paper withBorder p="lg"><Text>You are not an approver of this room, so you cannot change its details.</Text></Paper>}
        {room.data && !notMine && (
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <Text size="sm" c="dimmed" mb="sm">{`${room.data.SiteName}, ${room.data.LocationName}`}</Text>
            <RoomForm key={room.data.Id} room={room.data} locationId={room.data.LocationId} mode="approver" guards={guards}
              onDone={back} onCancel={back} onSaveError={onSaveError} />
          </Paper>
        )}
        <Stack mt="md"><BackToMenu to={APPROVER_ROOMS_PATH} label="Back to Update Room Details" /></Stack>
      </Panel>
    </>
  );
}
