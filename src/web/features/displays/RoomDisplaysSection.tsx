import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { DisplayInfo } from '../../../domain/wire/displays.js';
import { ApiError } from '../../app/api.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingSkeleton } from '../../app/shell/LoadingState.js';
import { useDateFormat } from '../appShell/index.js';
import { displaysKey, listDisplays, pairDisplay, revokeDisplay } from './displaysApi.js';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.');

/**
 * "Door displays" in a room's settings (issue 24): pair a tablet by the code it shows, see the room's
 * displays with when they were last seen, revoke one (it goes back to its pairing screen).
 */
export function RoomDisplaysSection({ roomId }: { roomId: number }) {
  const queryClient = useQueryClient();
  const fmt = useDateFormat();
  const [code, setCode] = useState('');
  const displays = useQuery({ queryKey: displaysKey(roomId), queryFn: () => listDisplays(roomId), refetchInterval: 60_000 });
  const saved = (list: DisplayInfo[]) => queryClient.setQueryData(displaysKey(roomId), list);
  const pair = useMutation({ mutationFn: () => pairDisplay(roomId, code), onSuccess: (list) => { saved(list); setCode(''); } });
  const revoke = useMutation({ mutationFn: (id: number) => revokeDisplay(roomId, id), onSuccess: saved });
  const submit = (e: FormEvent) => { e.preventDefault(); pair.mutate(); };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mt="md" component="section" aria-labelledby="room-displays-heading">
      <Title order={2} size="h4" id="room-displays-heading">Door displays</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Open <Text span fw={600}>/display</Text> on the tablet by the door. It shows a code: enter it here to show this room on it.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Code shown on the display" value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={20}
            autoComplete="off" autoCapitalize="characters" spellCheck={false} style={{ flex: '1 1 12rem' }}
            error={pair.error ? messageOf(pair.error) : undefined}
          />
          <Button type="submit" loading={pair.isPending} disabled={code.trim() === ''}>Pair display</Button>
        </Group>
      </form>
      {pair.isSuccess && <Alert color="green" mt="sm" role="status">Paired. The display shows this room within a few seconds.</Alert>}
      <Stack mt="md" gap="xs">
        {displays.error && <LoadErrorBar message={`Unable to load the displays: ${messageOf(displays.error)}`} onRetry={() => void displays.refetch()} retrying={displays.isFetching} />}
        {displays.isPending && <LoadingSkeleton what="the displays" />}
        {displays.data?.length === 0 && <Text size="sm">No display shows this room.</Text>}
        {displays.data && displays.data.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>Paired</Table.Th><Table.Th>Last seen</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {displays.data.map((d) => (
                  <Table.Tr key={d.Id}>
                    <Table.Td>{fmt.dayTime(d.PairedAt)}{d.PairedBy ? ` by ${d.PairedBy}` : ''}</Table.Td>
                    <Table.Td>{d.LastSeenAt ? fmt.dayTime(d.LastSeenAt) : d.Collected ? 'Not yet' : 'Waiting for the display'}</Table.Td>
                    <Table.Td>
                      <Button variant="light" color="red" size="xs" loading={revoke.isPending && revoke.variables === d.Id}
                        onClick={() => revoke.mutate(d.Id)} aria-label={`Revoke the display paired ${fmt.dayTime(d.PairedAt)}`}>
                        Revoke
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {revoke.error && <Alert color="red" role="alert">{messageOf(revoke.error)}</Alert>}
      </Stack>
    </Paper>
  );
}
