import { Alert, Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DATE_STRIP_MOST_DAYS } from '../../../domain/closureWindows.js';
import { advanceLimitDate, isWithinAdvanceLimit, resolveConstraint } from '../../../domain/advanceLimit.js';
import { isValidOptionalEmail } from '../../../domain/email.js';
import { toWallClock } from '../../../domain/wallClock.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { LayoutRecord } from '../../../domain/wire/floorplans.js';
import { ApiError } from '../../app/api.js';
import { useLiveEvents } from '../../app/live/useLiveEvents.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { whenIdle } from '../../app/whenIdle.js';
import { BookingConfirmationDialog, placeWords, refusalWords, type ConfirmedBooking } from '../bookingConfirmation/index.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { parseDrawableJson } from '../../../domain/layout/drawable.js';
import { FloorplanViewer } from '../../floorplan/view/FloorplanViewer.js';
import {
  bookDesk, deskKeys, deskQueries, isDeskTaken, serverText, statusOf,
} from './deskBookingApi.js';
import { deskDetailsFor, deskLabel, deskStatesFor, freeDesks } from './deskBookingView.js';
import { BadTimes, Loading, Refusal, deskBookingRefusal } from './DeskFlowParts.js';
import {
  DESK_FOCUS_PARAM, deskStepPath, describeRange, formatSegment, longDay, parseRange, rangeInstants,
} from '../../../domain/deskRoute.js';
import { formatMinutes } from '../../../domain/dateFormat.js';
import { FreeDeskList } from './FreeDeskList.js';
import { DeskBookingForm } from './DeskBookingForm.js';
import { DESK_LOOKS } from '../../floorplan/view/deskStates.js';
import { DateStrip, type DeskWhen } from './DateStrip.js';
import { DeskFilters } from './DeskFilters.js';
import { DeskPanel } from './DeskPanel.js';
import { LazyDeskCheckInAction, preloadDeskCheckInAction } from '../deskCheckIn/LazyDeskCheckInAction.js';
import { deskCaption, deskMapLabels, desksLeftOut, deskTags, nearTeamExplanation, occupantsOf, withClosedDesks } from './deskMapView.js';
import { closedDays, closedFloor, closedUntilWords, closesLocation, mergeClosures } from '../closures/closedPlaces.js';
import { ClosedMark } from '../closures/ClosedMark.js';
import { DESK_EARLIEST, DESK_LATEST_END } from '../../../domain/deskTimes.js';
import { daysFrom, nextDay } from '../../../domain/deskRoute.js';
import { useFavouriteDesks } from './useFavouriteDesks.js';
import { useNearTeam } from './useNearTeam.js';
import { NEAR_TEAM_DISTANCE } from '../../../domain/nearTeam.js';

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
  const [search] = useSearchParams();
  const focusParam = search.get(DESK_FOCUS_PARAM);
  const navigate = useNavigate();
  const { settings } = useLoadedSettings();
  const queryClient = useQueryClient();
  // A desk booked, released or cancelled on this floor by anyone turns taken or free here within a
  // second or two, without a reload (issue 24).
  useLiveEvents(
    (m) => m.type === 'resync' || (m.type === 'booking' && m.booking.FloorplanId === floorplanId),
    () => void queryClient.invalidateQueries({ queryKey: deskKeys.occupancyOf(floorplanId) }),
  );

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
    // Another day or time chosen on the screen: the map keeps the last answer until the new one is in.
    placeholderData: keepPreviousData,
  });

  // Closures (issue 22): asked for with the layout (no time zone needed), over every day the strip shows.
  const [nowWall] = useState(() => new Date());
  const closuresQs = useQueries({
    queries: deskQueries.closures(siteId, range?.start.date ?? '1970-01-01', nowWall)
      .map((q) => ({ ...q, enabled: siteId > 0 && range !== null, staleTime: 60_000, placeholderData: keepPreviousData })),
  });
  const closuresFailed = closuresQs.some((q) => q.isError);
  const closureLists = closuresQs.map((q) => q.data);
  const closuresIn = closureLists.every((l) => l !== undefined);
  // One list, a new array only when an answer changes (there are one or two answers).
  const [firstList, secondList] = closureLists;
  const closuresData = useMemo(() => (closuresIn ? mergeClosures([firstList, secondList]) : undefined), [closuresIn, firstList, secondList]);
  const closuresQ = { data: closuresData, isError: closuresFailed };
  // The map waits for them (they are in long before the bookings, which wait for the site's zone), so a
  // closed desk is never drawn free first; a failed call draws the map without them (the server still refuses).
  const closuresSettled = closuresData !== undefined || closuresFailed;

  const drawing = useMemo(() => parseDrawableJson(layout?.Json), [layout?.Json]);
  const occupancy = occupancyQ.data;
  const closed = useMemo(() => (drawing && instants && closuresQ.data
    ? closedFloor(closuresQ.data, { locationId, floorplanId }, drawing.desks.map((d) => d.id), new Date(instants.start), new Date(instants.end))
    : null), [drawing, instants, closuresQ.data, locationId, floorplanId]);
  const deskStates = useMemo(() => (drawing && occupancy && closuresSettled
    ? withClosedDesks(deskStatesFor(drawing.desks, occupancy), closed?.desks ?? new Map()) : undefined), [drawing, occupancy, closuresSettled, closed]);
  // A closed desk's accessible name and panel say why and until when (site clock).
  const closedWhy = useMemo(() => {
    const why = new Map<string, string>();
    if (!closed || !timeZone) return why;
    const words = new Map<number, string>();
    for (const [id, c] of closed.desks) {
      if (!words.has(c.Id)) words.set(c.Id, closedUntilWords(c, timeZone));
      why.set(id, words.get(c.Id)!);
    }
    return why;
  }, [closed, timeZone]);
  const deskDetails = useMemo(() => {
    const booked = occupancy && timeZone ? deskDetailsFor(occupancy, timeZone) : undefined;
    if (!booked || closedWhy.size === 0 || !deskStates) return booked;
    const all = new Map(booked);
    for (const [id, why] of closedWhy) if (deskStates.get(id) === 'closed') all.set(id, why);
    return all;
  }, [occupancy, timeZone, closedWhy, deskStates]);
  const deskTimes = useMemo(() => (occupancy && timeZone ? deskDetailsFor(occupancy, timeZone, false) : undefined), [occupancy, timeZone]);
  const occupants = useMemo(() => occupantsOf(occupancy ?? []), [occupancy]);
  const labels = useMemo(() => (drawing && deskStates ? deskMapLabels(drawing.desks, deskStates, occupants) : undefined), [drawing, deskStates, occupants]);

  const { favourites, toggle: toggleFavourite } = useFavouriteDesks(floorplanId);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const tags = useMemo(() => (drawing ? deskTags(drawing.desks) : []), [drawing]);
  const nearTeam = useNearTeam(floorplanId, instants);
  const hidden = useMemo(() => (drawing ? desksLeftOut(drawing.desks, chosenTags, favouritesOnly ? favourites : null, nearTeam.desks) : null),
    [drawing, chosenTags, favouritesOnly, favourites, nearTeam.desks]);
  const free = useMemo(() => {
    const all = drawing && deskStates ? freeDesks(drawing.desks, deskStates) : [];
    return hidden ? all.filter((d) => !hidden.has(d.id)) : all;
  }, [drawing, deskStates, hidden]);

  // The desk shown in the panel (any desk clicked or named by ?desk=); it is the booking's desk when free.
  const [shownId, setShownId] = useState<string | null>(null);
  const [bringIntoView, setBringIntoView] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [onBehalfOf, setOnBehalfOf] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [includeParking, setIncludeParking] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The booking just made: the confirmation dialog shows it (the same one a room booking shows).
  const [saved, setSaved] = useState<ConfirmedBooking | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);
  const freeListRef = useRef<HTMLDivElement>(null);

  const desksById = useMemo(() => new Map(drawing?.desks.map((d) => [d.id, d]) ?? []), [drawing]);
  const shown = shownId !== null ? desksById.get(shownId) ?? null : null;
  const shownState = shown ? deskStates?.get(shown.id) : undefined;
  // A desk of one's own on the map may offer "Check in": its code comes once the map is drawn and the browser is idle.
  const hasOwnDesk = useMemo(() => (deskStates ? [...deskStates.values()].includes('mine') : false), [deskStates]);
  useEffect(() => (hasOwnDesk ? whenIdle(preloadDeskCheckInAction) : undefined), [hasOwnDesk]);
  // A desk that is no longer free (a reload showed it taken) is shown, but not the booking's.
  const selected = shown && shownState === 'bookable' ? shown : null;

  const onDeskActivate = useCallback((id: string) => {
    const desk = desksById.get(id);
    const state = deskStates?.get(id);
    if (!desk || !state) return;
    setShownId(id);
    setSaveError(null);
    if (state === 'bookable') setAnnouncement(`${deskLabel(desk)} selected.`);
    else if (state === 'closed') setAnnouncement(`${deskLabel(desk)} cannot be chosen. ${closedWhy.get(id) ?? 'It is closed.'}`);
    else setAnnouncement(`${deskLabel(desk)} is ${DESK_LOOKS[state].words} and cannot be chosen.`);
  }, [desksById, deskStates, closedWhy]);
  const onListSelect = useCallback((id: string) => {
    onDeskActivate(id);
    setBringIntoView(id);
  }, [onDeskActivate]);

  // ?desk=<id> ("Find a colleague"): that desk is shown and brought into view once the map can say its state.
  const focusDone = useRef<string | null>(null);
  useEffect(() => {
    if (!focusParam || focusDone.current === focusParam || !deskStates || !desksById.has(focusParam)) return;
    focusDone.current = focusParam;
    onDeskActivate(focusParam);
    setBringIntoView(focusParam);
  }, [focusParam, deskStates, desksById, onDeskActivate]);
  // The map is opened on that desk from its first frame: waiting for the effect above first fitted the
  // whole floor, then zoomed to the desk and drew its names a render later (~150 ms on 5,000 desks).
  const mapFocus = bringIntoView ?? (focusParam && desksById.has(focusParam) ? focusParam : null);

  const teamsQ = useQuery({ ...deskQueries.teams(), enabled: (shown?.assignedTeams.length ?? 0) > 0 });
  const teamName = shown?.assignedTeams[0] !== undefined ? teamsQ.data?.find((t) => t.Id === shown.assignedTeams[0])?.Name ?? (teamsQ.isError ? `Team ${shown.assignedTeams[0]}` : null) : null;

  const save = useMutation({
    mutationFn: (input: Parameters<typeof bookDesk>[0]) => bookDesk(input),
    onSuccess: (booking: Booking) => {
      const desk = asDeskName(booking.DeskName ?? (selected ? deskLabel(selected) : 'The desk'));
      setSaveError(null);
      setShownId(null);
      setDescription('');
      setOnBehalfOf('');
      setIncludeParking(false);
      setSaved({
        id: booking.Id, kind: 'desk', what: desk, start: booking.Start, finish: booking.Finish, timeZone: timeZone ?? 'UTC',
        place: placeWords(layout ? `${layout.LocationName}${floorplanName ? `: ${floorplanName}` : ''}` : null, booking.SiteName),
        pending: booking.Status === 0, onBehalfOf: booking.OnBehalfOfEmail, parking: booking.IncludeParking,
      });
      setAnnouncement('');
      void queryClient.invalidateQueries({ queryKey: deskKeys.occupancyOf(floorplanId) });
    },
    onError: (err) => {
      const message = `Unable to complete booking: ${refusalWords(err)}`;
      setSaved(null);
      setSaveError(message);
      setAnnouncement('');
      if (isDeskTaken(err)) {
        // Someone else just took it: forget the choice and show the floor as it is now.
        setShownId(null);
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
  const siteNow = useMemo(() => (timeZone ? toWallClock(nowWall, timeZone) : null), [nowWall, timeZone]);
  const lastDay = limitDate && timeZone ? toWallClock(new Date(limitDate.getTime() - 1), timeZone).date : null;

  // A new day or time: into the address (replacing it, so Back leaves the screen), and the map follows.
  const changeWhen = useCallback((when: DeskWhen) => {
    const path = deskStepPath(formatSegment({ date: when.date, minutes: when.start }), formatSegment({ date: when.date, minutes: when.end }), siteId, locationId, floorplanId);
    const keep = shownId ?? focusParam;
    setSaved(null);
    setSaveError(null);
    void navigate(keep ? `${path}?${new URLSearchParams({ [DESK_FOCUS_PARAM]: keep }).toString()}` : path, { replace: true });
  }, [navigate, siteId, locationId, floorplanId, shownId, focusParam]);

  const floorplanName = floorplansQ.data?.find((f) => f.Id === floorplanId)?.Name;

  // Book another: the same floor and time, ready for the next desk (the form was cleared on save);
  // the keyboard lands on the free-desk list, the map's keyboard-friendly twin.
  const bookAnother = useCallback(() => {
    setSaved(null);
    requestAnimationFrame(() => freeListRef.current?.querySelector('select')?.focus());
  }, []);
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

  const captionOf = useCallback((d: Desk) => deskCaption(d, deskStates?.get(d.id), occupants.get(d.id), closed?.desks.get(d.id)),
    [deskStates, occupants, closed]);
  // The date strip's closed days: the floor or the whole site closed over the bookable hours (site clock).
  const stripClosed = useMemo(() => {
    if (!closuresQ.data || !timeZone || !siteNow || !range) return undefined;
    let last = siteNow.date;
    for (let i = 0; i < DATE_STRIP_MOST_DAYS; i++) last = nextDay(last); // every day the strip can show
    const days = [range.start.date, ...daysFrom(siteNow.date, last, DATE_STRIP_MOST_DAYS + 1)];
    return closedDays(closuresQ.data, (c) => closesLocation(c, locationId), days, timeZone, DESK_EARLIEST, DESK_LATEST_END);
  }, [closuresQ.data, timeZone, siteNow, range, locationId]);
  const loadError = layoutQ.error ? layoutError(layoutQ.error) : layout && !drawing ? layoutError(null) : null;
  const occupancyError = occupancyQ.error ? bookingsError(occupancyQ.error) : null;
  const refreshing = occupancyQ.isPlaceholderData && occupancyQ.isFetching;

  return (
    <>
      {loadError && <ErrorBar message={loadError} />}
      {occupancyError && <ErrorBar message={occupancyError} />}
      <Panel size="lg">
        <PageHeading>Desk booking</PageHeading>
        {refusal ? <Refusal message={refusal} /> : !range ? <BadTimes /> : (
          <Stack gap="md" pb={{ base: shown ? '45vh' : 0, md: 0 }}>
            {layout && (
              <Paper withBorder p="sm" component="section" aria-labelledby="desk-place-heading">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Title order={2} size="h4" id="desk-place-heading">
                    {layout.LocationName}{floorplanName ? `: ${floorplanName}` : ''}
                  </Title>
                  <Anchor component={Link} to={deskStepPath(startStr ?? '', endStr ?? '', siteId)} size="sm">Another location or floor</Anchor>
                </Group>
                <Stack gap={2}>
                  {layout.LocationBuildingNo && <Text size="sm"><Text span fw={600}>Building:</Text> {layout.LocationBuildingNo}</Text>}
                  {layout.SiteNotes && <Text size="sm"><Text span fw={600}>Site notes:</Text> {layout.SiteNotes}</Text>}
                  <Text size="sm"><Text span fw={600}>Parking:</Text> {parkingWords(layout)}</Text>
                </Stack>
              </Paper>
            )}
            {siteNow && (
              <Paper withBorder p="sm">
                <DateStrip key={floorplanId} when={{ date: range.start.date, start: range.start.minutes, end: range.end.minutes }} now={siteNow} lastDay={lastDay} onChange={changeWhen}
                  closed={stripClosed} />
                <Text size="sm" mt="xs" role="status" aria-live="polite">
                  <Text span fw={600}>When:</Text> {describeRange(range.start, range.end)}{timeZone ? ` (${timeZone} time)` : ''}{refreshing ? '. Updating the map…' : ''}
                </Text>
              </Paper>
            )}
            {beyondLimit && limitDate && timeZone && (
              <Alert color="orange" role="alert" title="Too far ahead" styles={{ title: { color: '#7a3a00' }, label: { color: '#7a3a00' } }}>
                Desks here can only be booked up to {longDay(toWallClock(limitDate, timeZone).date)}. Choose an earlier day above.
              </Alert>
            )}
            {closed?.floor && timeZone && (
              <Alert color="gray" variant="outline" role="status" data-closed-banner="" icon={<ClosedMark size={18} color="#343a40" />}
                title={closed.floor.Scope.WholeSite ? 'The whole site is closed at this time' : 'This floor is closed at this time'}>
                {closedUntilWords(closed.floor, timeZone)}. No desk here can be booked then; choose another day or time above.
              </Alert>
            )}
            {closuresQ.isError && <Text size="sm" c="red.9" role="alert">Closures could not be loaded: closed desks may show as free (booking them will be refused).</Text>}
            {(layoutQ.isLoading || (instants && occupancyQ.isLoading) || !closuresSettled) && <Loading what="the floorplan" />}
            {drawing && deskStates && (
              <>
                <DeskFilters tags={tags} chosen={chosenTags} onChosen={setChosenTags} favouritesOnly={favouritesOnly} onFavouritesOnly={setFavouritesOnly}
                  hasFavourites={favourites.size > 0} leftOut={hidden ? hidden.size : null}
                  nearTeam={settings.Profile.Teams.length > 0 ? { on: nearTeam.on, onChange: nearTeam.setOn, status: nearTeam.status,
                    explanation: nearTeamExplanation(nearTeam.nearDistance ?? NEAR_TEAM_DISTANCE) } : null} />
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, md: 8 }}>
                    <section aria-labelledby="desk-drawing-heading">
                      <Title order={2} size="h4" id="desk-drawing-heading" mb={4}>Floorplan</Title>
                      <Text size="sm" mb="xs" c="dark.6">
                        Click a desk, or Tab to the drawing, move with the arrow keys and press Enter. Drag to move; wheel, pinch or + and − to zoom.
                      </Text>
                      <FloorplanViewer drawing={drawing} deskStates={deskStates} deskDetails={deskDetails} selectedDeskId={shown?.id ?? null}
                        onDeskActivate={onDeskActivate} labels={labels} deskCaption={captionOf} favourites={favourites} hidden={hidden}
                        focusDeskId={mapFocus} height="min(70vh, 680px)" label={`Floorplan ${floorplanName ?? layout?.LocationName ?? ''}`.trim()} />
                    </section>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <Stack gap="md">
                      <DeskPanel desk={shown} state={shownState} occupant={shown ? occupants.get(shown.id) : undefined}
                        detail={shown ? (shownState === 'closed' ? closedWhy.get(shown.id) : deskTimes?.get(shown.id)) : undefined}
                        teamName={teamName} favourite={shown ? favourites.has(shown.id) : false} favouriteBusy={toggleFavourite.isPending}
                        onFavourite={shown?.bookable ? () => toggleFavourite.mutate({ deskId: shown.id, on: !favourites.has(shown.id) }) : null}
                        onClose={() => setShownId(null)}>
                        {toggleFavourite.isError && <Text size="sm" c="red.9" role="alert">{serverText(toggleFavourite.error)}</Text>}
                        {shown && shownState === 'mine' && <LazyDeskCheckInAction floorplanId={floorplanId} deskId={shown.id} bookingId={null} what={deskLabel(shown)} during={instants} />}
                        <DeskBookingForm
                          choice={selected ? `Selected: ${deskLabel(selected)}, ${formatMinutes(range.start.minutes)} to ${formatMinutes(range.end.minutes)}`
                            : shown ? `${deskLabel(shown)} cannot be booked for this time. ${PICK_A_DESK}.` : PICK_A_DESK}
                          description={description} onDescription={setDescription} onBehalfOf={onBehalfOf}
                          onOnBehalfOf={(v) => { setOnBehalfOf(v); if (emailError) setEmailError(null); }} emailError={emailError}
                          onEmailBlur={() => setEmailError(isValidOptionalEmail(onBehalfOf) ? null : INVALID_EMAIL)}
                          hasParking={layout?.HasParking ?? false} includeParking={includeParking} onIncludeParking={setIncludeParking}
                          saveError={saveError} errorRef={errorRef} canSave={Boolean(selected) && !beyondLimit} saving={save.isPending} onSubmit={submit}
                          repeat={{ timeZone, onBooked: () => void queryClient.invalidateQueries({ queryKey: deskKeys.occupancyOf(floorplanId) }),
                            input: selected && instants && layout ? { Start: instants.start, Finish: instants.end, FloorplanId: floorplanId, DeskId: selected.id, LayoutId: layout.Id,
                              IncludeParking: layout.HasParking && includeParking, Description: description.trim(), OnBehalfOfEmail: onBehalfOf.trim() } : null }} />
                      </DeskPanel>
                      <div ref={freeListRef}><FreeDeskList desks={free} selectedId={selected?.id ?? null} onSelect={onListSelect} /></div>
                    </Stack>
                  </Grid.Col>
                </Grid>
              </>
            )}
            <Text role="status" aria-live="polite" size="sm" c="dark.6" mih={0}>{announcement}</Text>
          </Stack>
        )}
        <BookingConfirmationDialog booking={saved} onBookAnother={bookAnother} />
      </Panel>
    </>
  );
}
