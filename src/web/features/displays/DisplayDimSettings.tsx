import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DEFAULT_DIM_FROM_MINUTES, DEFAULT_DIM_TO_MINUTES, type SiteDisplayDim } from '../../../domain/wire/displayDim.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { useDateFormat } from '../appShell/index.js';
import { TimeOfDaySelect } from '../appShell/TimeOfDaySelect.js';
import { fieldErrorsOf, withReason } from '../sites/errorText.js';
import { notifyDone } from '../sites/notify.js';
import { displayDimKey, getDisplayDim, putDisplayDim } from './displayDimApi.js';

/**
 * The "Door display dim hours" section of the site edit screen (admin): when the site's door displays
 * dim (on the site's clock, default 20:00 to 07:00), or never. Saved on its own, apart from the site form;
 * the tablets pick it up with their next state answer.
 */
export function DisplayDimSettings({ siteId }: { siteId: number }) {
  const query = useQuery({ queryKey: displayDimKey(siteId), queryFn: () => getDisplayDim(siteId) });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mt="md" component="section" aria-labelledby="display-dim-heading">
      <Title order={2} size="h4" id="display-dim-heading" mb="xs">Door display dim hours</Title>
      {query.isPending && <LoadingState what="the dim hours" minHeight={80} size="sm" />}
      {query.error && <Alert color="red" role="alert">{withReason('Unable to load the dim hours', query.error)}</Alert>}
      {query.data && <DimForm key={JSON.stringify(query.data)} siteId={siteId} saved={query.data} />}
    </Paper>
  );
}

/** Mantine's error red falls below AA contrast: a darker red, as the other site sections. */
const errorStyles = { error: { color: 'var(--mantine-color-red-9)' } };

function DimForm({ siteId, saved }: { siteId: number; saved: SiteDisplayDim }) {
  const queryClient = useQueryClient();
  const dates = useDateFormat();
  const [dims, setDims] = useState(saved.Dims);
  // Off is stored as 00:00-00:00: offer the default hours again when dimming is turned back on.
  const [from, setFrom] = useState(saved.Dims ? saved.FromMinutes : DEFAULT_DIM_FROM_MINUTES);
  const [to, setTo] = useState(saved.Dims ? saved.ToMinutes : DEFAULT_DIM_TO_MINUTES);
  const same = dims && from === to;
  const save = useMutation({
    mutationFn: () => putDisplayDim(siteId, { Dims: dims, FromMinutes: from, ToMinutes: to }),
    onSuccess: async () => { notifyDone('Dim hours saved'); await queryClient.invalidateQueries({ queryKey: displayDimKey(siteId) }); },
  });
  const server = fieldErrorsOf(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!same) save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {`The site's door displays dim on its clock during these hours; a tap wakes one. Default: ${dates.minutes(DEFAULT_DIM_FROM_MINUTES)} to ${dates.minutes(DEFAULT_DIM_TO_MINUTES)}.`}
        </Text>
        <Switch label="Door displays dim at night" checked={dims} onChange={(e) => setDims(e.currentTarget.checked)} />
        {dims && (
          <Group align="flex-start" gap="md">
            <TimeOfDaySelect label="Dim from" w={200} value={from} onChange={setFrom} styles={errorStyles} error={server['FromMinutes']} />
            <TimeOfDaySelect label="Until" w={200} value={to} onChange={setTo} styles={errorStyles}
              error={(same && 'Choose a different time from the start (or turn dimming off).') || server['ToMinutes']} />
          </Group>
        )}
        {save.error && !server['FromMinutes'] && !server['ToMinutes'] && (
          <Alert color="red" role="alert">{withReason('Unable to save the dim hours', save.error)}</Alert>
        )}
        <Group><Button type="submit" loading={save.isPending} disabled={same}>Save dim hours</Button></Group>
      </Stack>
    </form>
  );
}
