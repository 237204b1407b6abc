import { addDays, daysOf, isoDow, type GenBooking } from './insightsTestData.js';

/**
 * The insight figures counted the straightforward way, booking by booking in JavaScript, from the
 * generated rows (wall-clock days and minutes): what the SQL must agree with exactly.
 */
export interface World { rows: GenBooking[]; from: string; to: string; ds: number; de: number; resources: number; closedDays: string[]; now: Date; min: number }

const active = (b: GenBooking) => b.status === 0 || b.status === 1;
const dayMin = (day: string, min: number) => Date.parse(`${day}T00:00:00Z`) / 60_000 + min; // wall-clock minutes on one axis

/** The booking's pieces per local day: [day, start, end] in minutes since that day's midnight. */
function pieces(b: GenBooking): [string, number, number][] {
  const out: [string, number, number][] = [];
  const s = dayMin(b.startDay, b.startMin); const e = dayMin(b.endDay, b.endMin);
  for (let d = b.startDay; dayMin(d, 0) < e; d = addDays(d, 1)) {
    const lo = Math.max(s, dayMin(d, 0)) - dayMin(d, 0); const hi = Math.min(e, dayMin(d, 1440)) - dayMin(d, 0);
    if (hi > lo) out.push([d, lo, hi]);
  }
  return out;
}

const isOpen = (w: World, day: string) => isoDow(day) <= 5 && !w.closedDays.includes(day) && day >= w.from && day <= w.to;
const suppress = <T>(v: T, people: number, min: number) => (people >= min ? v : null);
const r2 = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function expectedInsights(w: World) {
  const byDow = new Map<number, { secs: number; people: Set<string> }>();
  const byHour = new Map<number, { secs: number; people: Set<string> }>();
  const total = { secs: 0, people: new Set<string>() };
  const perDay = new Map<string, { iv: [number, number][]; people: Set<string> }>();
  for (const b of w.rows.filter(active)) {
    for (const [day, lo0, hi0] of pieces(b)) {
      if (day < w.from || day > w.to) continue;
      const lo = Math.max(lo0, w.ds); const hi = Math.min(hi0, w.de);
      if (hi <= lo) continue;
      const pd = perDay.get(day) ?? { iv: [], people: new Set() };
      pd.iv.push([lo, hi]); pd.people.add(b.person); perDay.set(day, pd);
      if (!isOpen(w, day)) continue;
      const dow = isoDow(day);
      const x = byDow.get(dow) ?? { secs: 0, people: new Set() };
      x.secs += (hi - lo) * 60; x.people.add(b.person); byDow.set(dow, x);
      total.secs += (hi - lo) * 60; total.people.add(b.person);
      for (let h = Math.floor(lo / 60); h * 60 < hi; h++) {
        const overlap = Math.min(hi, h * 60 + 60) - Math.max(lo, h * 60);
        const y = byHour.get(h) ?? { secs: 0, people: new Set() };
        y.secs += overlap * 60; y.people.add(b.person); byHour.set(h, y);
      }
    }
  }
  const days = daysOf(w.from, w.to);
  const openDays = days.filter((d) => isOpen(w, d));
  const dayLen = (w.de - w.ds) * 60;
  const bucket = (k: number, secs: number, bookableSecs: number, people: number) => {
    const bookable = bookableSecs * w.resources;
    return { Key: k, BookedHours: suppress(r2(secs / 3600), people, w.min), BookableHours: r2(bookable / 3600), Rate: suppress(bookable > 0 ? r4(secs / bookable) : null, people, w.min) };
  };
  const hours: number[] = [];
  for (let h = Math.floor(w.ds / 60); h <= Math.floor((w.de - 1) / 60); h++) hours.push(h);
  const hourLen = (h: number) => (Math.min(h * 60 + 60, w.de) - Math.max(h * 60, w.ds)) * 60;
  const peakOf = (iv: [number, number][]) => {
    const ev = iv.flatMap(([a, b]) => [[a, 1], [b, -1]] as [number, number][]).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    let cur = 0; let best = 0;
    for (const [, d] of ev) { cur += d; best = Math.max(best, cur); }
    return best;
  };
  const started = w.rows.filter((b) => b.startDay >= w.from && b.startDay <= w.to);
  const checkable = started.filter((b) => (b.status === 1 || b.status === 4) && b.startsAt! < w.now);
  const cPeople = new Set(checkable.map((b) => b.person)).size;
  const n = checkable.length;
  const leads = new Map<string, { n: number; people: Set<string> }>();
  for (const b of started.filter((x) => x.status === 3)) {
    const lead = (dayMin(b.startDay, b.startMin) - dayMin(b.cancelledDay!, b.cancelledMin!)) * 60;
    const name = lead < 0 ? 'afterStart' : lead < 3600 ? 'under1h' : lead < 86_400 ? '1to24h' : lead < 604_800 ? '1to7d' : 'over7d';
    const x = leads.get(name) ?? { n: 0, people: new Set() };
    x.n += 1; x.people.add(b.person); leads.set(name, x);
  }
  return {
    Resources: w.resources,
    Total: bucket(0, total.secs, openDays.length * dayLen, total.people.size),
    ByWeekday: [1, 2, 3, 4, 5].map((k) => bucket(k, byDow.get(k)?.secs ?? 0, openDays.filter((d) => isoDow(d) === k).length * dayLen, byDow.get(k)?.people.size ?? 0)),
    ByHour: hours.map((h) => bucket(h, byHour.get(h)?.secs ?? 0, openDays.length * hourLen(h), byHour.get(h)?.people.size ?? 0)),
    PeakByDay: days.map((d) => ({ Day: d, Peak: suppress(peakOf(perDay.get(d)?.iv ?? []), perDay.get(d)?.people.size ?? 0, w.min), Capacity: w.resources })),
    CheckIns: {
      Bookings: suppress(n, cPeople, w.min),
      CheckInRate: suppress(n > 0 ? r4(checkable.filter((b) => b.checkedIn).length / n) : null, cPeople, w.min),
      NoShowRate: suppress(n > 0 ? r4(checkable.filter((b) => b.status === 4).length / n) : null, cPeople, w.min),
    },
    CancellationLeadTimes: ['afterStart', 'under1h', '1to24h', '1to7d', 'over7d'].map((name) => {
      const x = leads.get(name);
      return { Bucket: name, Count: x ? suppress(x.n, x.people.size, w.min) : null };
    }),
  };
}

/** Per day: people booked before the day began and not cancelled by then, booked now, checked in. */
export function expectedDaily(w: World) {
  return daysOf(w.from, w.to).map((day) => {
    const ahead = new Set<string>(); const booked = new Set<string>(); const checked = new Set<string>();
    for (const b of w.rows) {
      if (!pieces(b).some(([d]) => d === day)) continue;
      const midnight = dayMin(day, 0);
      const createdBefore = dayMin(b.createdDay, b.createdMin) < midnight;
      const stillOn = b.status !== 3 || dayMin(b.cancelledDay!, b.cancelledMin!) >= midnight;
      if (createdBefore && stillOn) ahead.add(b.person);
      if (active(b)) booked.add(b.person);
      if (b.checkedIn) checked.add(b.person);
    }
    const s = (set: Set<string>) => suppress(set.size, set.size, w.min);
    return { Day: day, BookedAhead: s(ahead), Booked: s(booked), CheckedIn: s(checked) };
  });
}

/** Per desk: booked hours in bookable slots over bookable hours, suppressed under the minimum of people. */
export function expectedDesks(w: World, deskIds: string[]) {
  const openDays = daysOf(w.from, w.to).filter((d) => isOpen(w, d));
  const bookable = openDays.length * (w.de - w.ds) * 60;
  return deskIds.map((id) => {
    let secs = 0; const people = new Set<string>();
    for (const b of w.rows.filter((x) => active(x) && x.deskId === id)) {
      for (const [day, lo0, hi0] of pieces(b)) {
        const lo = Math.max(lo0, w.ds); const hi = Math.min(hi0, w.de);
        if (hi <= lo || !isOpen(w, day)) continue;
        secs += (hi - lo) * 60; people.add(b.person);
      }
    }
    return { DeskId: id, Rate: suppress(bookable > 0 ? r4(secs / bookable) : null, people.size, w.min) };
  });
}
