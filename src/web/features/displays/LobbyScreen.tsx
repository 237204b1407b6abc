import { Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../app/api.js';
import { useDateFormat } from '../appShell/index.js';
import { isDimTime } from './doorDim.js';
import { LobbyFloors } from './LobbyFloors.js';
import { LobbyRooms } from './LobbyRooms.js';
import { lobbyBoard, lobbyKey, lobbyLivePath } from './lobbyApi.js';
import { PAGE_SIZES, pageOf, ROTATE_MS } from './lobbyPages.js';
import { useDisplayLive } from './useDoorLive.js';
import './door.css';
import './lobby.css';

/** Fetched again this often even when nothing is announced: meetings start and end with the clock. */
const REFRESH_MS = 30_000;
/** A busy site announces many desk bookings: the board asks again at most this often (the last one always lands). */
const LIVE_THROTTLE_MS = 1000;
const WAKE_MS = 2 * 60_000;

const messageOf = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'Cannot reach Hotdesk. Check the network.');

function usePortrait(): boolean {
  const query = '(orientation: portrait)';
  const [portrait, setPortrait] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const change = () => setPortrait(m.matches);
    m.addEventListener('change', change);
    return () => m.removeEventListener('change', change);
  }, []);
  return portrait;
}

/**
 * The lobby board of a site (issue 24): the site's name and clock, its rooms with their state and next
 * meeting, and the free desks of each floor with a small map. Live through the display stream (any
 * booking of the site), with the door display's offline mark and auto-dim hours. Kiosk style: no
 * scrolling (rooms and floors beyond a page turn by themselves), no hover, large type.
 */
export function LobbyScreen({ siteId, onUnpaired }: { siteId: number; onUnpaired: () => void }) {
  const queryClient = useQueryClient();
  const key = lobbyKey(siteId);
  const state = useQuery({ queryKey: key, queryFn: () => lobbyBoard(siteId), refetchInterval: REFRESH_MS, retry: false });
  // Throttled: the first announcement refetches at once, those within the next second once more after it.
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const live = useDisplayLive(lobbyLivePath(siteId), () => {
    if (pending.current) return;
    const wait = Math.max(0, last.current + LIVE_THROTTLE_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = undefined;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: key });
    }, wait);
  });
  const refused = state.error instanceof ApiError && (state.error.status === 401 || state.error.status === 404);
  useEffect(() => { if (refused) onUnpaired(); }, [refused, onUnpaired]);

  const [clock, setClock] = useState(() => new Date());
  useEffect(() => { const timer = setInterval(() => setClock(new Date()), 15_000); return () => clearInterval(timer); }, []);
  const [tick, setTick] = useState(0);
  useEffect(() => { const timer = setInterval(() => setTick((n) => n + 1), ROTATE_MS); return () => clearInterval(timer); }, []);
  const [wokenAt, setWokenAt] = useState(0);
  const portrait = usePortrait();

  const s = state.data;
  const fmt = useDateFormat(s?.Site.TimeZone);
  const offline = !live || (state.isError && !refused);
  if (!s) {
    return (
      <main className="door-pairing">
        {state.isPending ? <Loader aria-label="Loading the board" /> : <Text size="xl" role="alert">{messageOf(state.error)}</Text>}
      </main>
    );
  }

  const sizes = PAGE_SIZES[portrait ? 'portrait' : 'landscape'];
  const rooms = pageOf(s.Rooms, sizes.rooms, tick);
  const floors = pageOf(s.Floors, sizes.floors, tick);
  const dimmed = isDimTime(clock, s.Site.TimeZone, s.DimFrom, s.DimTo) && clock.getTime() - wokenAt > WAKE_MS;
  const freeDesks = s.Floors.reduce((n, f) => n + f.FreeDesks, 0);

  return (
    <div className="lobby" data-dimmed={dimmed} onPointerDown={() => setWokenAt(Date.now())}>
      <header className="lobby-head">
        <h1 className="lobby-site">{s.Site.Name}</h1>
        <div role="status" aria-live="polite">{offline && <div className="door-offline" data-testid="lobby-offline">Offline — showing the last known state</div>}</div>
        <div className="lobby-clock" aria-label={`The time is ${fmt.time(clock)}`}>{fmt.time(clock)}</div>
      </header>
      <main className="lobby-body" aria-label={`${s.Site.Name} today`}>
        <section className="lobby-section" aria-labelledby="lobby-rooms-heading">
          <h2 className="lobby-h2" id="lobby-rooms-heading">
            Rooms{rooms.pages > 1 && <span className="lobby-page"> · page {rooms.page + 1} of {rooms.pages}</span>}
          </h2>
          {s.Rooms.length === 0 ? <p className="lobby-empty">This site has no rooms to show.</p> : <LobbyRooms rooms={rooms.items} time={fmt.time} />}
        </section>
        <section className="lobby-section" aria-labelledby="lobby-desks-heading">
          <h2 className="lobby-h2" id="lobby-desks-heading">
            Free desks: <span data-testid="lobby-free-total">{freeDesks}</span>
            {floors.pages > 1 && <span className="lobby-page"> · page {floors.page + 1} of {floors.pages}</span>}
          </h2>
          {s.Floors.length === 0 ? <p className="lobby-empty">No floor of this site has desks to book.</p> : <LobbyFloors floors={floors.items} />}
        </section>
      </main>
    </div>
  );
}
