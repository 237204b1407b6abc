import { Button, Loader, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DoorActionResult, DoorMeeting } from '../../../domain/wire/displays.js';
import { ApiError } from '../../app/api.js';
import { useDateFormat } from '../appShell/index.js';
import { bookNow, checkInAtDoor, displayKeys, doorState, endNow } from './displaysApi.js';
import { isDimTime } from './doorDim.js';
import { useDoorLive } from './useDoorLive.js';
import './door.css';

/** The state is fetched again this often even when nothing is announced: meetings start and end with the clock. */
const REFRESH_MS = 30_000;
/** A tap on a dimmed screen wakes it for this long. */
const WAKE_MS = 2 * 60_000;
/** End now asks for a second tap within this long (a stray touch must not end a meeting). */
const CONFIRM_MS = 5000;

const messageOf = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'Cannot reach Hotdesk. Check the network.');

/**
 * The door screen of one room: free or busy in colour and in words, the meeting under way, the rest of
 * today, and Book now / Check in / End now with large targets and no hover. It keeps the last state
 * it had, with an offline mark, while the network is gone, and is refreshed by the live stream.
 */
export function DoorScreen({ roomId, onUnpaired }: { roomId: number; onUnpaired: () => void }) {
  const queryClient = useQueryClient();
  const key = displayKeys.door(roomId);
  const state = useQuery({ queryKey: key, queryFn: () => doorState(roomId), refetchInterval: REFRESH_MS, retry: false });
  const live = useDoorLive(roomId, () => void queryClient.invalidateQueries({ queryKey: key }));
  const refused = state.error instanceof ApiError && state.error.status === 401;
  useEffect(() => { if (refused) onUnpaired(); }, [refused, onUnpaired]);

  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => setMessage(undefined), 8000);
    return () => clearTimeout(timer);
  }, [message]);
  const done = (r: DoorActionResult) => { queryClient.setQueryData(key, r.State); setMessage({ text: r.Message, error: false }); };
  const failed = (err: unknown) => {
    setMessage({ text: messageOf(err), error: true });
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const book = useMutation({ mutationFn: (minutes: number) => bookNow(roomId, minutes), onSuccess: done, onError: failed });
  const checkIn = useMutation({ mutationFn: (id: number) => checkInAtDoor(roomId, id), onSuccess: done, onError: failed });
  const end = useMutation({ mutationFn: (id: number) => endNow(roomId, id), onSuccess: (r) => { setConfirmEnd(false); done(r); }, onError: failed });
  const [confirmEnd, setConfirmEnd] = useState(false);
  useEffect(() => {
    if (!confirmEnd) return undefined;
    const timer = setTimeout(() => setConfirmEnd(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirmEnd]);

  const [clock, setClock] = useState(() => new Date());
  useEffect(() => { const timer = setInterval(() => setClock(new Date()), 15_000); return () => clearInterval(timer); }, []);
  const [wokenAt, setWokenAt] = useState(0);

  const s = state.data;
  const fmt = useDateFormat(s?.Room.TimeZone);
  const offline = !live || (state.isError && !refused);
  if (!s) {
    return (
      <main className="door-pairing">
        {state.isPending ? <Loader aria-label="Loading the room" /> : <Text size="xl" role="alert">{messageOf(state.error)}</Text>}
      </main>
    );
  }

  const dimmed = isDimTime(clock, s.Room.TimeZone, s.DimFrom, s.DimTo) && clock.getTime() - wokenAt > WAKE_MS;
  const current = s.Current;
  const pending = current?.Status === 0;
  const closed = s.ClosedReason !== null;
  const word = closed ? 'Closed' : !current ? 'Free' : pending ? 'Requested' : 'Busy';
  const next = s.Later[0];
  const checkInMeeting = current?.CanCheckIn ? current : next?.CanCheckIn ? next : undefined;
  const busyAction = book.isPending || checkIn.isPending || end.isPending;

  return (
    <div className="door" data-dimmed={dimmed} onPointerDown={() => setWokenAt(Date.now())}>
      <main className="door-state" data-state={closed ? 'closed' : !current ? 'free' : pending ? 'pending' : 'busy'} aria-labelledby="door-room">
        <div>
          <h1 className="door-room" id="door-room">{s.Room.Name}</h1>
          <div className="door-sub">{s.Room.LocationName}, {s.Room.SiteName} · seats {s.Room.Capacity}</div>
        </div>
        <p className="door-word" data-testid="door-word">{word}</p>
        <div className="door-big" data-testid="door-now">
          {closed ? (s.ClosedReason || 'Closed')
            : current
              ? <>{meetingText(current, fmt.time)}{current.CheckedIn ? ' · checked in' : ''}</>
              : next ? `Free until ${fmt.time(next.Start)}` : 'Free for the rest of today'}
        </div>
        {message && <div className="door-message" role={message.error ? 'alert' : 'status'}>{message.text}</div>}
        <div className="door-actions">
          {!current && s.BookNow.map((c) => (
            <Button key={c.Minutes} size="xl" variant="white" color="dark" disabled={busyAction || offline} onClick={() => book.mutate(c.Minutes)}>
              {`Book ${minutesBetween(s.Now, c.Finish, c.Minutes)} min · until ${fmt.time(c.Finish)}`}
            </Button>
          ))}
          {!current && s.BookNowRefusal && <div className="door-sub">{s.BookNowRefusal}</div>}
          {checkInMeeting && (
            <Button size="xl" variant="white" color="dark" disabled={busyAction || offline} onClick={() => checkIn.mutate(checkInMeeting.Id)}>
              {checkInMeeting === current ? 'Check in' : `Check in for ${fmt.time(checkInMeeting.Start)}`}
            </Button>
          )}
          {current && s.CanEnd && (
            <Button size="xl" variant="white" color="dark" disabled={busyAction || offline}
              onClick={() => (confirmEnd ? end.mutate(current.Id) : setConfirmEnd(true))}>
              {confirmEnd ? 'Tap again to end the meeting' : 'End now'}
            </Button>
          )}
        </div>
      </main>
      <aside className="door-day" aria-label="Today">
        <div className="door-clock" aria-label={`The time is ${fmt.time(clock)}`}>{fmt.time(clock)}</div>
        <div role="status" aria-live="polite">{offline && <div className="door-offline" data-testid="door-offline">Offline — showing the last known state</div>}</div>
        <h2 style={{ margin: 0, fontSize: '1.4rem' }}>Later today</h2>
        {s.Later.length === 0 ? <Text size="lg">Nothing else booked today.</Text> : (
          <ul className="door-list">
            {s.Later.map((m) => <li key={m.Id}>{meetingText(m, fmt.time)}{m.Status === 0 ? ' · awaiting approval' : ''}</li>)}
          </ul>
        )}
      </aside>
    </div>
  );
}

/** '10:00–10:30 Weekly sync', or 'Booked' where titles are not shown. */
function meetingText(m: DoorMeeting, time: (d: string) => string): string {
  return `${time(m.Start)}–${time(m.Finish)} ${m.Title || (m.ByDisplay ? 'Booked at the door' : 'Booked')}`;
}

/** The real length of a Book now choice (shorter than asked when it is cut at the next meeting). */
function minutesBetween(nowIso: string, finishIso: string, asked: number): number {
  const start = Math.floor(new Date(nowIso).getTime() / 60_000) * 60_000;
  return Math.min(asked, Math.round((new Date(finishIso).getTime() - start) / 60_000));
}

