import { initialsOf } from '../../../domain/namePrivacy.js';
import type { NamesOnMap } from '../../../domain/wire/settings.js';
import type { WhosInResponse } from '../../../domain/wire/whosIn.js';
import type { PlaceNames } from './placeNames.js';
import type { DayDeskRow } from './whosIn.repo.js';

/**
 * Who's in as the response schema's JSON text, built from the rows (issue 20: for 2,000 people under
 * "names for everyone", ~1,400 people and ~314 KB). Made directly as text, the answer skips building
 * ~1,400 objects, checking them against the zod schema and encoding them again. whosIn.json.test.ts
 * pins the text, byte for byte, to the schema's encoding of whosInAnswer (the same day as objects).
 */

/** The people the viewer may see that day, grouped per site in the answer's order: what both encodings are made of. */
export interface VisibleDay {
  date: string;
  setting: NamesOnMap;
  sites: { siteId: number; rows: DayDeskRow[] }[];
  places: PlaceNames;
}

const siteOf = (places: PlaceNames, siteId: number) => places.sites.get(siteId) ?? { title: '', timeZone: 'UTC' };
const iso = (ms: number) => new Date(ms).toISOString();

/** The day as the response's objects: the reference encoding (tests) of what whosInJson writes as text. */
export function whosInAnswer(day: VisibleDay): WhosInResponse {
  return {
    Date: day.date, NamesOnMap: day.setting,
    Sites: day.sites.map(({ siteId, rows }) => {
      const s = siteOf(day.places, siteId);
      return {
        SiteId: siteId, SiteName: s.title, TimeZone: s.timeZone,
        People: rows.map((r) => ({
          Name: r.full_name, Initials: initialsOf(r.full_name),
          DeskId: r.desk_id, DeskName: r.desk_name ?? r.desk_id,
          FloorplanId: r.floorplan_id, FloorplanName: day.places.floorplans.get(r.floorplan_id) ?? '',
          LocationId: r.location_id, LocationName: day.places.locations.get(r.location_id) ?? '',
          Start: iso(r.start_ms), Finish: iso(r.finish_ms),
        })),
      };
    }),
  };
}

/**
 * A person's `"Name":…,"Initials":…` by full name. A pure function of the name (the cache key is the
 * name itself), so an entry can never be stale: a renamed person is another key. Bounded: emptied when full.
 */
const NAME_PIECES_MAX = 20_000;
const namePieces = new Map<string, string>();
function namePiece(fullName: string): string {
  let piece = namePieces.get(fullName);
  if (piece === undefined) {
    if (namePieces.size >= NAME_PIECES_MAX) namePieces.clear();
    piece = `"Name":${JSON.stringify(fullName)},"Initials":${JSON.stringify(initialsOf(fullName))}`;
    namePieces.set(fullName, piece);
  }
  return piece;
}

const q = (s: string) => JSON.stringify(s);

/** The day as the response's JSON text, byte for byte what the schema's encoding of whosInAnswer(day) gives. */
export function whosInJson(day: VisibleDay): string {
  // Bookings start and end on few distinct instants (09:00, 17:00, ...): each written once per answer,
  // not twice per person (toISOString was a third of the text's time for 1,400 people).
  const instants = new Map<number, string>();
  const instant = (ms: number) => {
    let text = instants.get(ms);
    if (text === undefined) instants.set(ms, (text = iso(ms)));
    return text;
  };
  // Each place's name as JSON text once per answer, not once per person.
  const floorplanNames = new Map<number, string>();
  const locationNames = new Map<number, string>();
  const quoted = (names: Map<number, string>, done: Map<number, string>, id: number) => {
    let text = done.get(id);
    if (text === undefined) done.set(id, (text = q(names.get(id) ?? '')));
    return text;
  };
  const sites = day.sites.map(({ siteId, rows }) => {
    const s = siteOf(day.places, siteId);
    const people = rows.map((r) => `{${namePiece(r.full_name)},"DeskId":${q(r.desk_id)},"DeskName":${q(r.desk_name ?? r.desk_id)}`
      + `,"FloorplanId":${r.floorplan_id},"FloorplanName":${quoted(day.places.floorplans, floorplanNames, r.floorplan_id)}`
      + `,"LocationId":${r.location_id},"LocationName":${quoted(day.places.locations, locationNames, r.location_id)}`
      + `,"Start":"${instant(r.start_ms)}","Finish":"${instant(r.finish_ms)}"}`);
    return `{"SiteId":${siteId},"SiteName":${q(s.title)},"TimeZone":${q(s.timeZone)},"People":[${people.join(',')}]}`;
  });
  return `{"Date":${q(day.date)},"NamesOnMap":${q(day.setting)},"Sites":[${sites.join(',')}]}`;
}
