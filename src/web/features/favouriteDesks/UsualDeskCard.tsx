import { Alert, Anchor, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { deskStepPath, describeRange, formatSegment, longDay, rangeInstants } from '../../../domain/deskRoute.js';
import { toWallClock } from '../../../domain/wallClock.js';
import type { FavouriteDesk } from '../../../domain/wire/favouriteDesks.js';
import { bookDesk, deskKeys, deskQueries, serverText } from '../deskBooking/deskBookingApi.js';
import { favouriteDesksQuery } from './favouriteDesksApi.js';
import { usualDays, usualTimes } from './usualDesk.js';

const keyOf = (f: FavouriteDesk) => `${f.FloorplanId}/${f.DeskId}`;
const deskWords = (name: string) => (/^desk\b/i.test(name) ? name : `Desk ${name}`);

/**
 * "Book my usual desk" on the home menu (issue 20): a favourite desk, a day, and one button that
 * books it with every rule the server applies; when it is taken then, it says so and offers the map.
 */
export function UsualDeskCard() {
  const favouritesQ = useQuery(favouriteDesksQuery());
  const usable = useMemo(() => (favouritesQ.data ?? []).filter((f) => f.Available && f.LayoutId !== null), [favouritesQ.data]);
  const [deskKey, setDeskKey] = useState<string | null>(null);
  const favourite = usable.find((f) => keyOf(f) === deskKey) ?? usable[0];

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="usual-desk-heading">
      <Title order={2} size="h4" id="usual-desk-heading" mb="xs">Book my usual desk</Title>
      {favouritesQ.isLoading ? <Loader size="sm" aria-label="Loading your favourite desks" />
        : favouritesQ.isError ? <Text size="sm" role="alert">Your favourite desks could not be loaded. Try again later.</Text>
          : !favourite ? (
            <Text size="sm">
              Mark a desk as a favourite on the floorplan (the ☆ Favourite button beside a chosen desk) to book it here in one tap.
            </Text>
          ) : (
            <UsualDeskBooking key={keyOf(favourite)} favourite={favourite} choices={usable} onChoose={setDeskKey} />
          )}
    </Paper>
  );
}

function UsualDeskBooking({ favourite, choices, onChoose }: { favourite: FavouriteDesk; choices: FavouriteDesk[]; onChoose: (key: string) => void }) {
  const queryClient = useQueryClient();
  const [now] = useState(() => new Date());
  const today = useMemo(() => toWallClock(now, favourite.TimeZone), [now, favourite.TimeZone]);
  const days = useMemo(() => usualDays(today.date).filter((d) => usualTimes(d, today) !== null), [today]);
  const [day, setDay] = useState(days[0]!);
  const times = usualTimes(day, today)!;
  const range = { start: { date: day, minutes: times.start }, end: { date: day, minutes: times.end } };
  const instants = rangeInstants(range, favourite.TimeZone);
  const when = describeRange(range.start, range.end);
  const name = deskWords(favourite.DeskName);

  const occupancyQ = useQuery({ ...deskQueries.occupancy(favourite.FloorplanId, instants.start, instants.end), staleTime: 10_000 });
  const mine = occupancyQ.data?.some((o) => o.DeskId === favourite.DeskId && o.IsMine);
  const taken = occupancyQ.data?.some((o) => o.DeskId === favourite.DeskId && !o.IsMine);
  const book = useMutation({
    mutationFn: () => bookDesk({
      Start: instants.start, Finish: instants.end, FloorplanId: favourite.FloorplanId, DeskId: favourite.DeskId, LayoutId: favourite.LayoutId!,
      IncludeParking: false, Description: '', OnBehalfOfEmail: '',
    }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deskKeys.occupancyOf(favourite.FloorplanId) }),
  });
  const mapPath = deskStepPath(formatSegment(range.start), formatSegment(range.end), favourite.SiteId, favourite.LocationId, favourite.FloorplanId);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {choices.length > 1 && (
          <NativeSelect label="Desk" value={`${favourite.FloorplanId}/${favourite.DeskId}`} onChange={(e) => { book.reset(); onChoose(e.currentTarget.value); }}
            data={choices.map((f) => ({ value: `${f.FloorplanId}/${f.DeskId}`, label: `${deskWords(f.DeskName)}, ${f.LocationName} (${f.SiteName})` }))} />
        )}
        <NativeSelect label="Day" value={day} onChange={(e) => { book.reset(); setDay(e.currentTarget.value); }}
          data={days.map((d) => ({ value: d, label: `${longDay(d)}${d === today.date ? ' (today)' : ''}` }))} />
      </Group>
      <Text size="sm">{name}, {favourite.LocationName}: {favourite.FloorplanName} ({favourite.SiteName}), {when}.</Text>
      {book.isSuccess ? (
        <Alert color="green" role="status" title="Desk booked" styles={{ title: { color: '#1b4d24' }, label: { color: '#1b4d24' } }}>
          <Text size="sm">{name} is booked for {when}.</Text>
          <Anchor component={Link} to="/menu/mybookings" size="sm" fw={600} c="blue.9" td="underline">See My Bookings</Anchor>
        </Alert>
      ) : book.isError ? (
        <Alert color="red" role="alert" title="Not booked" styles={{ title: { color: '#8a1c1c' }, label: { color: '#8a1c1c' } }}>
          <Text size="sm">Unable to complete booking: {serverText(book.error)}</Text>
          <Anchor component={Link} to={mapPath} size="sm" c="blue.9" td="underline">Choose a desk on the map</Anchor>
        </Alert>
      ) : occupancyQ.isLoading ? (
        <Loader size="sm" aria-label={`Checking whether ${name} is free`} />
      ) : occupancyQ.isError ? (
        <Text size="sm" role="alert">Could not check whether {name} is free. <Anchor component={Link} to={mapPath}>Open the floorplan</Anchor></Text>
      ) : mine ? (
        <Text size="sm" role="status">You already have {name} then. <Anchor component={Link} to="/menu/mybookings">See My Bookings</Anchor></Text>
      ) : taken ? (
        <Text size="sm" role="status">{name} is taken then. <Anchor component={Link} to={mapPath} fw={600}>Choose another desk on the map</Anchor></Text>
      ) : (
        <Group gap="sm">
          <Button onClick={() => book.mutate()} loading={book.isPending}>Book {name}</Button>
          <Anchor component={Link} to={mapPath} size="sm">Or choose on the map</Anchor>
        </Group>
      )}
    </Stack>
  );
}
