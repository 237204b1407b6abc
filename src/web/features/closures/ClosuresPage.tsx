import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AdminClosure } from '../../../domain/wire/closures.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';
import { DayInput } from '../appShell/DayInput.js';
import { useDateFormat } from '../appShell/useDateFormat.js';
import { listSites } from '../manageBookings/manageBookingsApi.js';
import { ClosureForm } from './ClosureForm.js';
import { closuresKey, deleteClosure, listClosures, staleAfterClosureChange } from './closuresApi.js';
import { HolidayImport } from './HolidayImport.js';
import { useSitePlaces, type PlaceOption } from './useSitePlaces.js';

const DAY_MS = 86_400_000;

/** Closures (issue 22, admin): a site's closures from a month ago to a year ahead, a new one, holiday import. */
export function ClosuresPage() {
  const sites = useQuery({ queryKey: ['sites'], queryFn: listSites });
  const [chosen, setChosen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const site = (sites.data ?? []).find((s) => String(s.Id) === chosen) ?? sites.data?.[0];

  return (
    <Panel>
      <PageHeading>Closures</PageHeading>
      <Stack>
        {sites.isPending && <LoadingState what="the sites" />}
        {sites.isError && <LoadErrorBar message="The sites could not be loaded." onRetry={() => void sites.refetch()} retrying={sites.isFetching} />}
        {sites.data && sites.data.length === 0 && <Text>There are no sites yet. Add one under Configure Sites first.</Text>}
        {site && (
          <>
            <Select label="Site" data={sites.data!.map((s) => ({ value: String(s.Id), label: s.Title }))} value={String(site.Id)}
              allowDeselect={false} onChange={(v) => { setChosen(v); setDone(null); }} maw={400} />
            {done && <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDone(null)}>{done}</Alert>}
            <ClosureList siteId={site.Id} timeZone={site.TimeZone} />
            <ClosureForm key={`form-${site.Id}`} siteId={site.Id} timeZone={site.TimeZone} onDone={setDone} />
            <HolidayImport key={`import-${site.Id}`} siteId={site.Id} timeZone={site.TimeZone} onDone={setDone} />
          </>
        )}
        <Group><BackToMenu /></Group>
      </Stack>
    </Panel>
  );
}

/** The list shows two years from a chosen day (the server's longest range); by default from a month ago. */
function ClosureList({ siteId, timeZone }: { siteId: number; timeZone: string }) {
  const [fromDay, setFromDay] = useState(() => toWallClock(new Date(Date.now() - 31 * DAY_MS), timeZone).date);
  const range = useMemo(() => {
    const from = fromWallClock(fromDay, 0, timeZone);
    return { from, to: new Date(from.getTime() + 730 * DAY_MS) };
  }, [fromDay, timeZone]);
  const list = useQuery({
    queryKey: [...closuresKey(siteId), fromDay], queryFn: () => listClosures(siteId, range.from, range.to), placeholderData: keepPreviousData,
  });
  const places = useSitePlaces(siteId);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} aria-labelledby="closures-title">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4" id="closures-title">Closures</Title>
          <DayInput label="Show two years from" value={fromDay} onChange={(v) => { if (v) setFromDay(v); }} w={200} />
        </Group>
        {list.isPending && <LoadingState what="the closures" />}
        {list.isError && <LoadErrorBar message="The closures could not be loaded." onRetry={() => void list.refetch()} retrying={list.isFetching} />}
        {list.data?.length === 0 && <Text c="dimmed">No closures in these two years: every place of this site can be booked.</Text>}
        {list.data?.map((c) => <ClosureRow key={c.Id} closure={c} timeZone={timeZone} places={places} />)}
      </Stack>
    </Paper>
  );
}

const names = (ids: number[], options: PlaceOption[], what: string) =>
  ids.map((id) => options.find((o) => o.value === String(id))?.label ?? `${what} ${id}`);

function scopeText(c: AdminClosure, places: ReturnType<typeof useSitePlaces>): string {
  if (c.Scope.WholeSite) return 'Whole site';
  return [
    ...names(c.Scope.LocationIds, places.floors, 'Floor'),
    ...names(c.Scope.RoomIds, places.rooms, 'Room'),
    ...c.Scope.Desks.map((d) => places.desks.find((o) => o.value === `${d.FloorplanId}:${d.DeskId}`)?.label ?? `Desk ${d.DeskId}`),
  ].join(', ');
}

function ClosureRow({ closure: c, timeZone, places }: { closure: AdminClosure; timeZone: string; places: ReturnType<typeof useSitePlaces> }) {
  const fmt = useDateFormat(timeZone);
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const removing = useMutation({
    mutationFn: () => deleteClosure(c.Id),
    onSuccess: () => {
      for (const queryKey of staleAfterClosureChange) void client.invalidateQueries({ queryKey });
      return client.invalidateQueries({ queryKey: closuresKey(c.SiteId) });
    },
  });
  return (
    <Paper withBorder p="sm" data-testid="closure-row">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{c.Reason}</Text>
            {c.RepeatsYearly && <Badge variant="light">Every year</Badge>}
          </Group>
          <Text size="sm">{fmt.range(c.Start, c.End)}</Text>
          <Text size="sm" c="dimmed">{scopeText(c, places)} · by {c.CreatedByName}</Text>
          {removing.isError && <Text c="red" size="sm" role="alert">{removing.error.message}</Text>}
        </Stack>
        {asking ? (
          <Group gap="xs">
            <Text size="sm">Delete? Cancelled bookings stay cancelled.</Text>
            <Button size="xs" variant="default" onClick={() => setAsking(false)}>Keep</Button>
            <Button size="xs" color="red" loading={removing.isPending} onClick={() => removing.mutate()}>Delete closure</Button>
          </Group>
        ) : (
          <Button size="xs" variant="light" color="red" onClick={() => setAsking(true)} aria-label={`Delete closure: ${c.Reason}`}>Delete</Button>
        )}
      </Group>
    </Paper>
  );
}
