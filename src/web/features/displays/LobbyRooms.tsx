import type { LobbyMeeting, LobbyRoom } from '../../../domain/wire/lobbyBoard.js';

type Time = (iso: string) => string;

const WORDS = { free: 'Free', busy: 'Busy', pending: 'Requested', closed: 'Closed' } as const;

/** '10:00–10:30 Weekly sync', or 'Booked' where titles are not shown. */
const meetingText = (m: LobbyMeeting, time: Time) => `${time(m.Start)}–${time(m.Finish)} ${m.Title || 'Booked'}`;

/** What is under way, in words: the free time left, or the meeting holding the room. */
function nowText(r: LobbyRoom, time: Time): string {
  if (r.State === 'closed') return r.ClosedReason ? `Closed: ${r.ClosedReason}` : 'Closed';
  if (r.Current) return `${r.State === 'pending' ? 'Requested' : 'In use'} until ${time(r.Current.Finish)}${r.Current.Title ? ` · ${r.Current.Title}` : ''}`;
  return r.Next ? `Free until ${time(r.Next.Start)}` : 'Free for the rest of today';
}

/**
 * The rooms of one page of the board: a card each, with the state in colour AND in words (the colour
 * band carries the word), what is happening now, and the next meeting.
 */
export function LobbyRooms({ rooms, time }: { rooms: LobbyRoom[]; time: Time }) {
  return (
    <ul className="lobby-rooms" aria-label="Rooms">
      {rooms.map((r) => (
        <li key={r.Id} className="lobby-room" data-state={r.State} data-testid={`lobby-room-${r.Id}`}>
          <div className="lobby-room-head">
            <span className="lobby-room-name">{r.Name}</span>
            <span className="lobby-room-word" data-testid="lobby-room-word">{WORDS[r.State]}</span>
          </div>
          <div className="lobby-room-sub">{r.LocationName} · seats {r.Capacity}</div>
          <div className="lobby-room-now">{nowText(r, time)}</div>
          <div className="lobby-room-next">{r.Next ? `Next: ${meetingText(r.Next, time)}` : 'Nothing else booked today'}</div>
        </li>
      ))}
    </ul>
  );
}
