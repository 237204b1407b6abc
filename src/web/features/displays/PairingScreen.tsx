import { Button, Loader, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../app/api.js';
import { pollPairing, startPairing } from './displaysApi.js';
import './door.css';

const POLL_MS = 3000;

/**
 * The unpaired tablet: a code in large letters for an admin to enter in the room's settings. The page
 * asks every 3 s whether it has been paired; then the device cookie is set and the door screen shows.
 * An expired code is replaced by a new one.
 */
export function PairingScreen({ onPaired }: { onPaired: () => void }) {
  const queryClient = useQueryClient();
  const code = useQuery({ queryKey: ['display', 'pairing-code'], queryFn: startPairing, staleTime: Infinity, gcTime: 0, retry: false });
  const status = useQuery({ queryKey: ['display', 'pairing-status', code.data?.Code], queryFn: pollPairing, enabled: !!code.data, refetchInterval: POLL_MS, retry: false, gcTime: 0 });
  const state = status.data?.Status;
  useEffect(() => {
    if (state === 'paired') onPaired();
    if (state === 'expired') void queryClient.invalidateQueries({ queryKey: ['display', 'pairing-code'] });
  }, [state, onPaired, queryClient]);

  const tooMany = code.error instanceof ApiError && code.error.status === 429;
  return (
    <main className="door-pairing">
      <Title order={1} size="h2">Pair this display</Title>
      {code.data && (
        <>
          <Text size="xl">
            In Hotdesk, enter this code in the room&apos;s settings under “Door displays”, or in the site&apos;s settings under “Lobby boards”:
          </Text>
          <p className="door-code" aria-label={`Pairing code ${[...code.data.Code].join(' ')}`}>{code.data.Code}</p>
          <Text size="lg" role="status">Waiting for an administrator… The code changes every 10 minutes.</Text>
        </>
      )}
      {code.isPending && <Loader aria-label="Getting a pairing code" />}
      {code.error && (
        <>
          <Text size="xl" role="alert">
            {tooMany ? 'Too many codes were asked for from this network. Please wait a few minutes.' : 'Cannot reach Hotdesk. Check the network.'}
          </Text>
          <Button size="xl" onClick={() => void code.refetch()}>Try again</Button>
        </>
      )}
    </main>
  );
}

