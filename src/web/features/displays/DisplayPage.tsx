import { Button, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../app/api.js';
import { DoorScreen } from './DoorScreen.js';
import { LobbyScreen } from './LobbyScreen.js';
import { displayKeys, whichRoom } from './displaysApi.js';
import { PairingScreen } from './PairingScreen.js';
import './door.css';

/**
 * /display (issue 24): the page a tablet by a room's door keeps open, without anyone signed in. Not
 * paired (or revoked): the pairing screen; paired: the room's door screen, or the site's lobby board.
 */
export function DisplayPage() {
  const me = useQuery({ queryKey: displayKeys.me, queryFn: whichRoom, retry: false, staleTime: Infinity });
  const refetch = me.refetch;
  const paired = useCallback(() => void refetch(), [refetch]);
  const unpaired = me.error instanceof ApiError && me.error.status === 401;

  if (unpaired) return <PairingScreen onPaired={paired} />;
  if (me.data?.RoomId !== undefined) return <DoorScreen roomId={me.data.RoomId} onUnpaired={paired} />;
  if (me.data?.SiteId !== undefined) return <LobbyScreen siteId={me.data.SiteId} onUnpaired={paired} />;
  return (
    <main className="door-pairing">
      {me.isPending ? <Loader aria-label="Loading the display" /> : (
        <>
          <Text size="xl" role="alert">Cannot reach Hotdesk. Check the network.</Text>
          <Button size="xl" onClick={() => void refetch()}>Try again</Button>
        </>
      )}
    </main>
  );
}
