import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';
import type { ClosureInput } from '../../../domain/wire/closures.js';

/** The form as typed: days and times on the site's clock, places as picker values. */
export interface ClosureFormState {
  wholeSite: boolean;
  floors: string[]; rooms: string[]; desks: string[];
  startDay: string; startMinutes: number; endDay: string; endMinutes: number;
  reason: string; repeatsYearly: boolean;
}

const nextDay = (date: string, days = 1) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Tomorrow, midnight to midnight on the site's clock: the usual closure is whole days. */
export function initialForm(timeZone: string, now = new Date()): ClosureFormState {
  const tomorrow = nextDay(toWallClock(now, timeZone).date);
  return {
    wholeSite: true, floors: [], rooms: [], desks: [],
    startDay: tomorrow, startMinutes: 0, endDay: nextDay(tomorrow), endMinutes: 0, reason: '', repeatsYearly: false,
  };
}

/** The request the server checks (it names any field it refuses). */
export function toClosureInput(siteId: number, f: ClosureFormState, timeZone: string): ClosureInput {
  return {
    SiteId: siteId,
    Scope: f.wholeSite ? { WholeSite: true } : {
      WholeSite: false,
      LocationIds: f.floors.map(Number),
      RoomIds: f.rooms.map(Number),
      Desks: f.desks.map((v) => ({ FloorplanId: Number(v.slice(0, v.indexOf(':'))), DeskId: v.slice(v.indexOf(':') + 1) })),
    },
    Start: fromWallClock(f.startDay, f.startMinutes, timeZone).toISOString(),
    End: fromWallClock(f.endDay, f.endMinutes, timeZone).toISOString(),
    Reason: f.reason,
    RepeatsYearly: f.repeatsYearly,
  };
}
