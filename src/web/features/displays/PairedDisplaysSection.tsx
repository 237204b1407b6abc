import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { DisplayInfo } from '../../../domain/wire/displays.js';
import { ApiError } from '../../app/api.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingSkeleton } from '../../app/shell/LoadingState.js';
import { useDateFormat } from '../appShell/index.js';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.');

/** The words of one kind of paired screen: a room's door display or a site's lobby board. */
export interface PairedDisplaysWords {
  heading: string;
  headingId: string;
  intro: ReactNode;
  /** 'display' or 'lobby board': in "Pair …", "Unable to load the …s", "Revoke the … paired …". */
  noun: string;
  /** The short noun on the button and in "Code shown on the …". */
  shortNoun: string;
  paired: string;
  none: string;
}

/** The calls for one target (a room or a site): list, pair by code, revoke. */
export interface PairedDisplaysApi {
  key: readonly unknown[];
  list: () => Promise<DisplayInfo[]>;
  pair: (code: string) => Promise<DisplayInfo[]>;
  revoke: (id: number) => Promise<DisplayInfo[]>;
}

/**
 * A settings section for screens paired by code (issue 24): pair one by the code it shows, see the
 * paired ones with when they were last seen, revoke one (it goes back to its pairing screen). Door
 * displays (a room's settings) and lobby boards (a site's) are the same machinery with other words.
 */
export function PairedDisplaysSection({ words, api }: { words: PairedDisplaysWords; api: PairedDisplaysApi }) {
  const queryClient = useQueryClient();
  const fmt = useDateFormat();
  const [code, setCode] = useState('');
  const screens = useQuery({ queryKey: api.key, queryFn: api.list, refetchInterval: 60_000 });
  const saved = (list: DisplayInfo[]) => queryClient.setQueryData(api.key, list);
  const pair = useMutation({ mutationFn: () => api.pair(code), onSuccess: (list) => { saved(list); setCode(''); } });
  const revoke = useMutation({ mutationFn: api.revoke, onSuccess: saved });
  const submit = (e: FormEvent) => { e.preventDefault(); pair.mutate(); };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mt="md" component="section" aria-labelledby={words.headingId}>
      <Title order={2} size="h4" id={words.headingId}>{words.heading}</Title>
      <Text size="sm" c="dimmed" mb="sm">{words.intro}</Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={`Code shown on the ${words.shortNoun}`} value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={20}
            autoComplete="off" autoCapitalize="characters" spellCheck={false} style={{ flex: '1 1 12rem' }}
            error={pair.error ? messageOf(pair.error) : undefined}
          />
          <Button type="submit" loading={pair.isPending} disabled={code.trim() === ''}>{`Pair ${words.shortNoun}`}</Button>
        </Group>
      </form>
      {pair.isSuccess && <Alert color="green" mt="sm" role="status">{words.paired}</Alert>}
      <Stack mt="md" gap="xs">
        {screens.error && <LoadErrorBar message={`Unable to load the ${words.noun}s: ${messageOf(screens.error)}`} onRetry={() => void screens.refetch()} retrying={screens.isFetching} />}
        {screens.isPending && <LoadingSkeleton what={`the ${words.noun}s`} />}
        {screens.data?.length === 0 && <Text size="sm">{words.none}</Text>}
        {screens.data && screens.data.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>Paired</Table.Th><Table.Th>Last seen</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {screens.data.map((d) => (
                  <Table.Tr key={d.Id}>
                    <Table.Td>{fmt.dayTime(d.PairedAt)}{d.PairedBy ? ` by ${d.PairedBy}` : ''}</Table.Td>
                    <Table.Td>{d.LastSeenAt ? fmt.dayTime(d.LastSeenAt) : d.Collected ? 'Not yet' : `Waiting for the ${words.shortNoun}`}</Table.Td>
                    <Table.Td>
                      <Button variant="light" color="red" size="xs" loading={revoke.isPending && revoke.variables === d.Id}
                        onClick={() => revoke.mutate(d.Id)} aria-label={`Revoke the ${words.noun} paired ${fmt.dayTime(d.PairedAt)}`}>
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
