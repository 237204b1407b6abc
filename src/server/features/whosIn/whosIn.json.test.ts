import { describe, expect, it } from 'vitest';
import { WhosInResponse } from '../../../domain/wire/whosIn.js';
import type { PlaceNames } from './placeNames.js';
import { whosInAnswer, whosInJson, type VisibleDay } from './whosIn.json.js';
import type { DayDeskRow } from './whosIn.repo.js';

// The route sends whosInJson's text as it is; it must be what the response schema makes of whosInAnswer.
const schemaJson = (day: VisibleDay) => JSON.stringify(WhosInResponse.encode(whosInAnswer(day)));

const places: PlaceNames = {
  sites: new Map([[1, { title: 'London "HQ" \\ \u00e9', timeZone: 'Europe/London' }], [2, { title: 'S\u00fcd \u2028 line', timeZone: 'Australia/Sydney' }]]),
  locations: new Map([[10, 'Floor "1"'], [20, 'Level\t3']]),
  floorplans: new Map([[100, 'Plan \u00e9 \ud83d\ude00'], [200, '']]),
};
const row = (site_id: number, full_name: string, o: Partial<DayDeskRow> = {}): DayDeskRow => ({
  site_id, desk_id: 'D 1', desk_name: 'Desk "1"', floorplan_id: site_id * 100, location_id: site_id * 10,
  start_ms: Date.UTC(2030, 0, 8, 9), finish_ms: Date.UTC(2030, 0, 8, 17), user_id: 7, full_name, hide_name_on_map: false, ...o,
});

describe('whosInJson', () => {
  it('is, byte for byte, the response schema\'s encoding of the same day', () => {
    const day: VisibleDay = {
      date: '2030-01-08', setting: 'everyone', places,
      sites: [
        { siteId: 1, rows: [
          row(1, 'Zo\u00eb "Zed" Adams'), row(1, '  Back\\slash  \n Name '), row(1, ''),
          row(1, '\u00e9mile \u00e7a \ud83d\ude00', { desk_name: null, desk_id: 'B-7\u0001' }),
          row(1, 'Frac Tion', { start_ms: Date.UTC(2030, 0, 7, 22) + 0.5, finish_ms: Date.UTC(2030, 0, 8, 6, 30, 15, 123) }),
        ] },
        // A site, floor or plan missing from the names (deleted meanwhile) gets empty names, as the objects do.
        { siteId: 2, rows: [row(2, 'Mary Anne Smith'), row(2, 'Ghost', { floorplan_id: 999, location_id: 998 })] },
        { siteId: 3, rows: [row(3, 'No Site')] },
      ],
    };
    const text = whosInJson(day);
    expect(text).toBe(schemaJson(day));
    expect(WhosInResponse.parse(JSON.parse(text)).Sites.flatMap((s) => s.People.map((p) => p.Initials)))
      .toEqual(['ZA', 'BN', '?', '\u00c9\ud83d\ude00', 'FT', 'MS', 'G', 'NS']);
    // The name pieces are kept by name: the second answer is the same text.
    expect(whosInJson(day)).toBe(text);
  });

  it('writes an empty day (names off, nobody in) as the schema does', () => {
    for (const setting of ['off', 'teammates', 'everyone'] as const) {
      const day: VisibleDay = { date: '2030-01-08', setting, places, sites: [] };
      expect(whosInJson(day)).toBe(schemaJson(day));
      expect(JSON.parse(whosInJson(day))).toEqual({ Date: '2030-01-08', NamesOnMap: setting, Sites: [] });
    }
  });

  it('shows a renamed person by their new name at once (the kept pieces are by name, never by person)', () => {
    const day = (name: string): VisibleDay => ({ date: '2030-01-08', setting: 'everyone', places, sites: [{ siteId: 1, rows: [row(1, name)] }] });
    expect(JSON.parse(whosInJson(day('Tom Mate'))).Sites[0].People[0]).toMatchObject({ Name: 'Tom Mate', Initials: 'TM' });
    expect(JSON.parse(whosInJson(day('Tina Other'))).Sites[0].People[0]).toMatchObject({ Name: 'Tina Other', Initials: 'TO' });
  });
});
