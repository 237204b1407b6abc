import { Alert, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DESK_CHECK_IN_DEFAULTS, DESK_WINDOW_BOUNDS, deskWindowErrors } from '../../../domain/deskCheckIn.js';
import type { LocationDeskCheckIn, SiteDeskCheckIn } from '../../../domain/wire/deskCheckIn.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { fieldErrorsOf, withReason } from '../sites/errorText.js';
import { notifyDone } from '../sites/notify.js';
import {
  deskCheckInKeys, getLocationDeskCheckIn, getSiteDeskCheckIn, putLocationDeskCheckIn, putSiteDeskCheckIn,
} from './deskCheckInApi.js';

/**
 * The "Desk check-in" section of the site and location edit screens (admin, issue 24): whether desk
 * bookings need a check-in and the window around their start. A location may inherit the site's
 * setting or override it (the window whole). Saved on its own, apart from the site or location form.
 */
export function DeskCheckInSettings(props: { siteId: number } | { locationId: number }) {
  const isSite = 'siteId' in props;
  const id = isSite ? props.siteId : props.locationId;
  const key = isSite ? deskCheckInKeys.site(id) : deskCheckInKeys.location(id);
  const query = useQuery<SiteDeskCheckIn | LocationDeskCheckIn>({
    queryKey: key, queryFn: () => (isSite ? getSiteDeskCheckIn(id) : getLocationDeskCheckIn(id)),
  });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mt="md" component="section" aria-labelledby="desk-check-in-heading">
      <Title order={2} size="h4" id="desk-check-in-heading" mb="xs">Desk check-in</Title>
      {query.isPending && <LoadingState what="the desk check-in setting" minHeight={80} size="sm" />}
      {query.error && <Alert color="red" role="alert">{withReason('Unable to load the desk check-in setting', query.error)}</Alert>}
      {query.data && <SettingForm key={JSON.stringify(query.data)} isSite={isSite} id={id} saved={query.data} queryKey={key} />}
    </Paper>
  );
}

type Mode = 'inherit' | 'on' | 'off';

/** Mantine's error red (and an invalid input's red text) fall below AA contrast: a darker red, the text as usual. */
const errorStyles = { error: { color: 'var(--mantine-color-red-9)' }, input: { color: 'var(--mantine-color-text)' } };

function SettingForm({ isSite, id, saved, queryKey }: {
  isSite: boolean; id: number; saved: SiteDeskCheckIn | LocationDeskCheckIn; queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const site = 'Site' in saved ? saved.Site : null;
  const [mode, setMode] = useState<Mode>(saved.Required === null ? 'inherit' : saved.Required ? 'on' : 'off');
  const [ownWindow, setOwnWindow] = useState(isSite || saved.BeforeMinutes !== null);
  const [before, setBefore] = useState<number | string>(saved.BeforeMinutes ?? site?.BeforeMinutes ?? DESK_CHECK_IN_DEFAULTS.beforeMinutes);
  const [after, setAfter] = useState<number | string>(saved.AfterMinutes ?? site?.AfterMinutes ?? DESK_CHECK_IN_DEFAULTS.afterMinutes);
  const [touched, setTouched] = useState(false);
  const local = ownWindow ? deskWindowErrors(Number(before === '' ? NaN : before), Number(after === '' ? NaN : after)) : {};
  const save = useMutation({
    mutationFn: (): Promise<unknown> => {
      const window = ownWindow ? { BeforeMinutes: Number(before), AfterMinutes: Number(after) } : { BeforeMinutes: null, AfterMinutes: null };
      return isSite
        ? putSiteDeskCheckIn(id, { Required: mode === 'on', BeforeMinutes: Number(before), AfterMinutes: Number(after) })
        : putLocationDeskCheckIn(id, { Required: mode === 'inherit' ? null : mode === 'on', ...window });
    },
    onSuccess: async () => { notifyDone('Desk check-in setting saved'); await queryClient.invalidateQueries({ queryKey }); },
  });
  const server = fieldErrorsOf(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!local.BeforeMinutes && !local.AfterMinutes) save.mutate();
  };
  const b = DESK_WINDOW_BOUNDS;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          When on, a desk booking not checked in by the end of the window is released automatically and its owner is told.
          Print the desks' QR codes from the Floorplans screen.
        </Text>
        {isSite ? (
          <Switch label="Desk bookings need a check-in" checked={mode === 'on'} onChange={(e) => setMode(e.currentTarget.checked ? 'on' : 'off')} />
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="desk-check-in-mode">Desk bookings need a check-in</Text>
            <SegmentedControl aria-labelledby="desk-check-in-mode" value={mode} onChange={(v) => setMode(v as Mode)} w="fit-content"
              data={[{ value: 'inherit', label: `As the site (${site?.Required ? 'on' : 'off'})` }, { value: 'on', label: 'On' }, { value: 'off', label: 'Off' }]} />
          </Stack>
        )}
        {!isSite && (
          <Checkbox label={`Use this location's own window (the site's: ${site?.BeforeMinutes} minutes before to ${site?.AfterMinutes} after)`}
            checked={ownWindow} onChange={(e) => setOwnWindow(e.currentTarget.checked)} />
        )}
        {ownWindow && (
          <Group align="flex-start" gap="md">
            <NumberInput label="Opens, minutes before the start" min={b.beforeMin} max={b.beforeMax} allowDecimal={false} clampBehavior="none" w={240} styles={errorStyles}
              value={before} onChange={setBefore} error={(touched && local.BeforeMinutes) || server['BeforeMinutes']}
              description={`${b.beforeMin} to ${b.beforeMax}`} />
            <NumberInput label="Closes, minutes after the start" min={b.afterMin} max={b.afterMax} allowDecimal={false} clampBehavior="none" w={240} styles={errorStyles}
              value={after} onChange={setAfter} error={(touched && local.AfterMinutes) || server['AfterMinutes']}
              description={`${b.afterMin} to ${b.afterMax}`} />
          </Group>
        )}
        {save.error && !server['BeforeMinutes'] && !server['AfterMinutes'] && (
          <Alert color="red" role="alert">{withReason('Unable to save the desk check-in setting', save.error)}</Alert>
        )}
        <Group><Button type="submit" loading={save.isPending}>Save desk check-in</Button></Group>
      </Stack>
    </form>
  );
}
