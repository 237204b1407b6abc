import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DATE_STRIP_MOST_DAYS } from '../../../domain/closureWindows.js';
import { formatMinutes } from '../../../domain/dateFormat.js';
import { daysFrom, longDay, nextDay, shortDay } from '../../../domain/deskRoute.js';
import { DESK_EARLIEST, defaultDeskEnd, defaultDeskStart, pickDeskTime, shownDeskTimes, type DeskTimePicks } from '../../../domain/deskTimes.js';
import type { WallClock } from '../../../domain/wallClock.js';
import { deskTimeOptions } from './deskBookingView.js';
import { ClosedMark } from '../closures/ClosedMark.js';
import type { DayClosure } from '../closures/closedPlaces.js';

/** Days the strip offers when no advance limit applies (and the most it ever shows). */
const DAYS_WITHOUT_LIMIT = 14;

export interface DeskWhen { date: string; start: number; end: number }

/** A day the floor is closed all day: a grey hatch (not colour alone: a padlock and the button's name say it too). */
const CLOSED_DAY_LOOK = {
  background: 'repeating-linear-gradient(135deg, #e9ecef 0 5px, #dee2e6 5px 10px)', borderColor: '#495057', color: '#212529',
} as const;

/**
 * The day and the times on the floorplan screen itself (issue 20): a strip of days from today (the
 * site's) to the advance limit, and the start and end pickers with the deskTimes rules. Every change
 * is reported at once; the screen puts it in the address and the map refreshes in place.
 */
export function DateStrip({ when, now, lastDay, onChange, closed }: {
  when: DeskWhen;
  /** Now on the site's wall clock. */
  now: WallClock;
  /** The last day that can be booked (advance limit), or null when there is none. */
  lastDay: string | null;
  onChange: (when: DeskWhen) => void;
  /**
   * Days the floor (or the whole site) is closed (issue 22): hatched with a padlock when closed all
   * day, a padlock alone when closed part of it; the button's name says so with the reason.
   */
  closed?: ReadonlyMap<string, DayClosure>;
}) {
  const [picks, setPicks] = useState<DeskTimePicks>({ start: when.start, end: when.end, changed: 'start' });
  const days = useMemo(() => {
    let last = now.date;
    for (let i = 1; i < DAYS_WITHOUT_LIMIT; i++) last = nextDay(last);
    const list = daysFrom(now.date, lastDay ?? last, DATE_STRIP_MOST_DAYS);
    // A day from the address outside the strip (past, or beyond it) still shows, so the choice is visible.
    return list.includes(when.date) ? list : [when.date, ...list].sort();
  }, [now.date, lastDay, when.date]);
  const options = useMemo(() => deskTimeOptions(when.date, now), [when.date, now]);
  // The chosen day in view (a day weeks ahead, from a link, sits at the strip's end).
  const strip = useRef<HTMLDivElement>(null);
  // In the next frame, not in the effect: scrolling reads the page's layout, and read here, as the floor is
  // first drawn, it laid the whole map out once more than the frame does (5,000 desks: style and layout
  // 183-232 -> 85-93 ms of the first load in Chromium traces, bench/README.md).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      strip.current?.querySelector('[aria-pressed="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [when.date]);

  const chooseDay = (date: string) => {
    if (date === when.date) return;
    const next = deskTimeOptions(date, now);
    let p = picks;
    // A start no longer offered that day (earlier hours of today) moves to the default start.
    if (!next.starts.includes(p.start) || !next.starts.includes(shownDeskTimes(p, next.earliest).start)) {
      const start = (date === now.date ? defaultDeskStart(now.minutes) : null) ?? next.starts[0] ?? DESK_EARLIEST;
      p = { start, end: defaultDeskEnd(start), changed: 'start' };
      setPicks(p);
    }
    onChange({ date, ...shownDeskTimes(p, next.earliest) });
  };
  const chooseTime = (side: 'start' | 'end', value: number) => {
    const p = pickDeskTime(picks, side, value);
    setPicks(p);
    onChange({ date: when.date, ...shownDeskTimes(p, options.earliest) });
  };
  const toOptions = (list: number[]) => list.map((m) => ({ value: String(m), label: formatMinutes(m) }));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" component="section" aria-label="Day and time">
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Text size="sm" fw={500} id="desk-day-label" mb={4}>Day</Text>
        {/* The browser's own scrolling (global.css): Mantine's ScrollArea measured itself after the first
            commit and rendered again, in the same long task as the screen's first commit, then again on
            each size change (~10 ms per render on a phone's CPU, bench/README.md session 23). */}
        <div className="side-scroller">
          <Group ref={strip} gap={6} wrap="nowrap" role="group" aria-labelledby="desk-day-label" pb={2}>
            {days.map((d) => {
              const { weekday, day } = shortDay(d);
              const chosen = d === when.date;
              const disabled = d < now.date;
              const shut = closed?.get(d);
              const shutWords = shut ? `, ${shut.allDay ? 'closed' : 'partly closed'}: ${shut.closure.Reason}` : '';
              return (
                <Button key={d} size="compact-md" h={48} w={64} px={4} variant={chosen ? 'filled' : 'default'} aria-pressed={chosen} disabled={disabled && !chosen}
                  aria-label={`${longDay(d)}${d === now.date ? ' (today)' : ''}${shutWords}`} title={shut ? `${shut.allDay ? 'Closed' : 'Partly closed'}: ${shut.closure.Reason}` : undefined}
                  data-day={d} data-closed={shut ? (shut.allDay ? 'all-day' : 'part') : undefined} onClick={() => chooseDay(d)}
                  style={{ flex: '0 0 auto', ...(shut?.allDay && !chosen ? CLOSED_DAY_LOOK : {}) }}
                  styles={{ label: { flexDirection: 'column', lineHeight: 1.15, overflow: 'visible' } }}>
                  <span style={{ fontSize: 12, fontWeight: 500, display: 'inline-flex', alignItems: 'center', gap: 2 }}>
                    {shut && <ClosedMark size={11} />}{d === now.date ? 'Today' : weekday}
                  </span>
                  <span style={{ fontSize: 14, fontWeight: 700 }}>{day}</span>
                </Button>
              );
            })}
          </Group>
        </div>
        {closed && closed.size > 0 && (
          <Text size="xs" c="dark.6" mt={2} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <ClosedMark size={11} /> Closed: hatched days all day, the others part of the day
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <NativeSelect label="Start" w={96} data={toOptions(options.starts)} value={String(when.start)}
          onChange={(e) => chooseTime('start', Number(e.currentTarget.value))} />
        <NativeSelect label="End" w={96} data={toOptions(options.ends)} value={String(when.end)}
          onChange={(e) => chooseTime('end', Number(e.currentTarget.value))} />
      </Group>
    </Group>
  );
}
