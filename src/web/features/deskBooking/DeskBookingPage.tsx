import { Alert, Anchor, Button, Checkbox, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { advanceLimitDate, isWithinAdvanceLimit, resolveConstraint } from '../../../domain/advanceLimit.js';
import { isValidOptionalEmail } from '../../../domain/email.js';
import { toWallClock } from '../../../domain/wallClock.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { LayoutRecord } from '../../../domain/wire/floorplans.js';
import { ApiError } from '../../app/api.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { DESK_LOOKS } from '../../floorplan/view/deskStates.js';
import { FloorplanViewer } from '../../floorplan/view/FloorplanViewer.js';
import {
  bookDesk, deskKeys, deskQueries, isDeskTaken, serverText, statusOf,
} from './deskBookingApi.js';
import { deskDetailsFor, deskLabel, deskStatesFor, freeDesks, parseDrawing } from './deskBookingView.js';
import { BadTimes, ChosenTimes, Loading, Refusal, deskBookingRefusal } from './DeskFlowParts.js';
import { describeRange, formatMinutes, longDay, parseRange, rangeInstants } from '../../../domain/deskRoute.js';
import { FreeDeskList } from './FreeDeskList.js';

export const PICK_A_DESK = 'Pick a desk above';
export const INVALID_EMAIL = 'Please enter a valid email';

/** SPEC 8's layout messages: no published layout (or a bad one) vs. a failed call. */
function layoutError(err: unknown): string {
  if (err instanceof ApiError && err.status !== 404) return `An error occured while loading the layout drawing: ${statusOf(err)}`;
  return 'Unable to load the layout drawing for the selected floorplan';
}
function bookingsError(err: unknown): string {
  if (err instanceof ApiError) return `An error occured while loading booking information: ${statusOf(err)}`;
  return 'Unable to load bookings for this floorplan and time';
}

/** 'Desk 12' from a desk name '12' or 'Desk 12'. */
const asDeskName = (name: string): string => (/^(desk\b|the desk$)/i.test(name) ? name : `Desk ${name}`);

function parkingWords(layout: LayoutRecord): string {
  if (!layout.HasParking) return 'No parking is offered at this site.';
  return layout.ParkingLimit > 0
    ? `Parking is available at this site (${layout.ParkingLimit} space${layout.ParkingLimit === 1 ? '' : 's'}). Tick Include parking to reserve one.`
    : 'Parking is available at this site. Tick Include parking to reserve a space.';
}

/**
 * /menu/book/desk/{start}/{end}/{siteId}/{locationId}/{floorplanId} (SPEC 2.4): the published
 * drawing with each desk's state for the chosen time, a list of the free desks beside it (the
 * keyboard and screen-reader friendly way to pick), and the booking form. The route's wall-clock
 * times become instants in the site's time zone (LayoutRecord.TimeZone).
 */
export function DeskBookingPage() {
  const params = useParams();
  const startStr = params['startDateStr'];
  const endStr = params['endDateStr'];
  const range = useMemo(() => parseRange(startStr, endStr), [startStr, endStr]);
  const siteId = Number(params['siteId']);
  const locationId = Number(params['locationId']);
  const floorplanId = Number(params['floorplanId']);
  const { settings } = useLoadedSettings();
  const queryClient = useQueryClient();

  // Fresh for a minute: a layout prefetched as the app opened (prefetch.ts) is not fetched twice. A
  // desk taken meanwhile invalidates it anyway.
  const layoutQ = useQuery({ ...deskQueries.layout(floorplanId), enabled: floorplanId > 0, retry: false, staleTime: 60_000 });
  const siteQ = useQuery({ ...deskQueries.site(siteId), enabled: siteId > 0, staleTime: 60_000 });
  // Fresh for a minute too: the lists prefetched as the app opened are not fetched again on mount.
  const locationsQ = useQuery({ ...deskQueries.locations(siteId), enabled: siteId > 0, staleTime: 60_000 });
  const floorplansQ = useQuery({ ...deskQueries.floorplans(locationId), enabled: locationId > 0, staleTime: 60_000 });

  const layout = layoutQ.data;
  // The site's zone: the layout record carries it; the site record (fetched alongside) has the same
  // value, so the bookings call can start as soon as either has arrived.
  const timeZone = layout?.TimeZone ?? siteQ.data?.TimeZone;
  const instants = useMemo(() => (range && timeZone ? rangeInstants(range, timeZone) : null), [range, timeZone]);

  const occupancyQ = useQuery({
    ...deskQueries.occupancy(floorplanId, instants?.start ?? '', instants?.end ?? ''),
    enabled: instants !== null,
    retry: false,
    staleTime: 10_000, // one prefetched as the app opened is used, not fetched again
  });

  const drawing = useMemo(() => parseDrawing(layout?.Json), [layout?.Json]);
  const occupancy = occupancyQ.data;
  const deskStates = useMemo(() => (drawing && occupancy ? deskStatesFor(drawing.desks, occupancy) : undefined), [drawing, occupancy]);
  const deskDetails = useMemo(() => (occupancy && timeZone ? deskDetailsFor(occupancy, timeZone) : undefined), [occupancy, timeZone]);
  const free = useMemo(() => (drawing && deskStates ? freeDesks(drawing.desks, deskStates) : []), [drawing, deskStates]);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [onBehalfOf, setOnBehalfOf] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [includeParking, setIncludeParking] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ desk: string; when: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);
  const savedRef = useRef<HTMLDivElement>(null);

  const desksById = useMemo(() => new Map(drawing?.desks.map((d) => [d.id, d]) ?? []), [drawing]);
  // A selection that is no longer free (a reload showed it taken) is dropped.
  const selected = selectedId !== null && deskStates?.get(selectedId) === 'bookable' ? desksById.get(selectedId) ?? null : null;

  const onDeskActivate = useCallback((id: string) => {
    const desk = desksById.get(id);
    const state = deskStates?.get(id);
    if (!desk || !state) return;
    if (state === 'bookable') {
      setSelectedId(id);
      setSaveError(null);
      setAnnouncement(`${deskLabel(desk)} selected.`);
    } else {
      setAnnouncement(`${deskLabel(desk)} is ${DESK_LOOKS[state].words} and cannot be chosen.`);
    }
  }, [desksById, deskStates]);

  const save = useMutation({
    mutationFn: (input: Parameters<typeof bookDesk>[0]) => bookDesk(input),
    onSuccess: (booking: Booking) => {
      const when = range ? describeRange(range.start, range.end) : '';
      const desk = asDeskName(booking.DeskName ?? (selected ? deskLabel(selected) : 'The desk'));
      setSaveError(null);
      setSelectedId(null);
      setDescription('');
      setOnBehalfOf('');
      setIncludeParking(false);
      setSaved({ desk, when });
      setAnnouncement('');
      notifications.show({
        color: 'green', title: 'Desk booked', message: `${desk} is booked for ${when}. See it in My Bookings.`,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
      void queryClient.invalidateQueries({ queryKey: deskKeys.occupancyOf(floorplanId) });
      requestAnimationFrame(() => savedRef.current?.focus());
    },
    onError: (err) => {
      const message = `Unable to complete booking: ${serverText(err)}`;
      setSaved(null);
      setSaveError(message);
      setAnnouncement('');
      if (isDeskTaken(err)) {
        // Someone else just took it: forget the choice and show the floor as it is now.
        setSelectedId(null);
        void queryClient.invalidateQueries({ queryKey: deskKeys.layout(floorplanId) });
        void queryClient.invalidateQueries({ queryKey: deskKeys.occupancyOf(floorplanId) });
      }
      requestAnimationFrame(() => errorRef.current?.focus());
    },
  });

  // The advance limit of the location, else the site, else global (the server checks it too).
  const limitDate = useMemo(() => {
    if (!siteQ.data || !timeZone) return null;
    const location = locationsQ.data?.find((l) => l.Id === locationId);
    const site = siteQ.data.BookingConstraints.find((c) => c.ResourceType === 2 && c.LocationId === null && c.RoomId === null);
    return advanceLimitDate(resolveConstraint({ location: location?.DeskBookingConstraint, site, global: settings.GlobalDeskConstraint }), new Date(), timeZone);
  }, [siteQ.data, locationsQ.data, locationId, settings.GlobalDeskConstraint, timeZone]);
  const beyondLimit = instants !== null && !isWithinAdvanceLimit(new Date(instants.start), limitDate);

  const floorplanName = floorplansQ.data?.find((f) => f.Id === floorplanId)?.Name;
  const refusal = deskBookingRefusal(settings, siteQ.data?.DeskBookingEnabled ?? true);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!selected || !instants || !layout || save.isPending) return;
    if (!isValidOptionalEmail(onBehalfOf)) {
      setEmailError(INVALID_EMAIL);
      return;
    }
    save.mutate({
      Start: instants.start, Finish: instants.end, FloorplanId: floorplanId, DeskId: selected.id, LayoutId: layout.Id,
      IncludeParking: layout.HasParking && includeParking, Description: description.trim(), OnBehalfOfEmail: onBehalfOf.trim(),
    });
  };

  const loadError = layoutQ.error ? layoutError(layoutQ.error) : layout && !drawing ? layoutError(null) : null;
  const occupancyError = occupancyQ.error ? bookingsError(occupancyQ.error) : null;

  return (
    <>
      {loadError && <ErrorBar message={loadError} />}
      {occupancyError && <ErrorBar message={occupancyError} />}
      <Panel size="lg">
        <PageHeading>Desk booking</PageHeading>
        {refusal ? <Refusal message={refusal} /> : !range ? <BadTimes /> : (
          <Stack gap="md">
            <ChosenTimes description={`${describeRange(range.start, range.end)}${timeZone ? ` (${timeZone} time)` : ''}`} />
            {layout && (
              <Paper withBorder p="md" component="section" aria-labelledby="desk-place-heading">
                <Title order={2} size="h4" id="desk-place-heading" mb={4}>
                  {layout.LocationName}{floorplanName ? `: ${floorplanName}` : ''}
                </Title>
                <Stack gap={4}>
                  {layout.LocationBuildingNo && <Text size="sm"><Text span fw={600}>Building:</Text> {layout.LocationBuildingNo}</Text>}
                  {layout.SiteNotes && <Text size="sm"><Text span fw={600}>Site notes:</Text> {layout.SiteNotes}</Text>}
                  <Text size="sm"><Text span fw={600}>Parking:</Text> {parkingWords(layout)}</Text>
                </Stack>
              </Paper>
            )}
            {beyondLimit && limitDate && timeZone && (
              <Alert color="orange" role="alert" title="Too far ahead" styles={{ title: { color: '#7a3a00' }, label: { color: '#7a3a00' } }}>
                Desks here can only be booked up to {longDay(toWallClock(limitDate, timeZone).date)}. <Anchor component={Link} to="/menu/book/desk" c="blue.9" td="underline">Choose an earlier date</Anchor>.
              </Alert>
            )}
            {saved && (
              <Alert color="green" title="Desk booked" ref={savedRef} tabIndex={-1} role="status" styles={{ title: { color: '#1b4d24' }, label: { color: '#1b4d24' } }}>
                <Stack gap={4}>
                  <Text>{saved.desk} is booked for {saved.when}. It now shows as booked by you.</Text>
                  <Anchor component={Link} to="/menu/mybookings" fw={600} c="blue.9" td="underline">See My Bookings</Anchor>
                </Stack>
              </Alert>
            )}
            {(layoutQ.isLoading || (instants && occupancyQ.isLoading)) && <Loading what="the floorplan" />}
            {drawing && deskStates && (
              <Grid gap="md">
                <Grid.Col span={{ base: 12, md: 9 }}>
                  <section aria-labelledby="desk-drawing-heading">
                    <Title order={2} size="h4" id="desk-drawing-heading" mb="xs">Floorplan</Title>
                    <Text size="sm" mb="xs" c="dark.6">
                      Click a free desk, or Tab to the drawing, move with the arrow keys and press Enter.
                    </Text>
                    <FloorplanViewer drawing={drawing} deskStates={deskStates} deskDetails={deskDetails} selectedDeskId={selected?.id ?? null}
                      onDeskActivate={onDeskActivate} height="min(65vh, 640px)" label={`Floorplan ${floorplanName ?? layout?.LocationName ?? ''}`.trim()} />
                  </section>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 3 }}>
                  <FreeDeskList desks={free} selectedId={selected?.id ?? null} onSelect={onDeskActivate} />
                </Grid.Col>
              </Grid>
            )}
            <Text role="status" aria-live="polite" size="sm" c="dark.6" mih={0}>{announcement}</Text>
            {drawing && deskStates && (
              <Paper withBorder p="md" component="section" aria-labelledby="desk-form-heading">
                <form onSubmit={submit} noValidate>
                  <Stack gap="sm">
                    <Title order={2} size="h4" id="desk-form-heading">Your booking</Title>
                    <Text fw={600} id="desk-choice">
                      {selected ? `Selected: ${deskLabel(selected)}, ${formatMinutes(range.start.minutes)} to ${formatMinutes(range.end.minutes)}` : PICK_A_DESK}
                    </Text>
                    <TextInput label="Reason (optional)" value={description} maxLength={500}
                      onChange={(e) => setDescription(e.currentTarget.value)} />
                    <TextInput label="On behalf of (optional)" description="The e-mail address of the person the desk is for" type="email"
                      value={onBehalfOf} error={emailError} autoComplete="off"
                      onChange={(e) => { setOnBehalfOf(e.currentTarget.value); if (emailError) setEmailError(null); }}
                      onBlur={() => setEmailError(isValidOptionalEmail(onBehalfOf) ? null : INVALID_EMAIL)} />
                    {layout?.HasParking && (
                      <Checkbox label="Include parking" checked={includeParking} onChange={(e) => setIncludeParking(e.currentTarget.checked)} />
                    )}
                    {saveError && (
                      <Alert color="red" role="alert" ref={errorRef} tabIndex={-1} title="Not booked" styles={{ title: { color: '#8a1c1c' }, label: { color: '#8a1c1c' } }}>{saveError}</Alert>
                    )}
                    <Group>
                      <Button type="submit" disabled={!selected || beyondLimit} loading={save.isPending} aria-describedby="desk-choice">Save</Button>
                    </Group>
                  </Stack>
                </form>
              </Paper>
            )}
          </Stack>
        )}
      </Panel>
    </>
  );
}
