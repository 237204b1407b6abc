import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { advanceLimitDate, resolveConstraint } from '../../../domain/advanceLimit.js';
import {
  defaultDeskEnd, defaultDeskStart, DESK_EARLIEST, pickDeskTime, shownDeskTimes, type DeskTimePicks,
} from '../../../domain/deskTimes.js';
import { toWallClock, type WallClock } from '../../../domain/wallClock.js';
import { defaultLocale, formatMinutes, numericDatePattern } from '../../../domain/dateFormat.js';
import { DayInput } from '../appShell/DayInput.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { deskTimeOptions } from './deskBookingView.js';
import { Refusal, deskBookingRefusal } from './DeskFlowParts.js';
import {
  browserTimeZone, deskStepPath, describeRange, formatSegment, longDay, nextDay,
} from '../../../domain/deskRoute.js';

/** The first day and times offered: today from now rounded up, or tomorrow at 08:00 late in the evening. */
function initialChoice(now: WallClock): { date: string; start: number; end: number } {
  const start = defaultDeskStart(now.minutes);
  if (start === null) return { date: nextDay(now.date), start: DESK_EARLIEST, end: defaultDeskEnd(DESK_EARLIEST) };
  return { date: now.date, start, end: defaultDeskEnd(start) };
}

/**
 * /menu/book/desk (SPEC 2.1, 2.4, 9): the day and the start and end, in 15-minute steps with the
 * deskTimes rules, then on to the site choice with wall-clock segments in the address. "Today" is
 * the browser's; the site's own zone applies once the site is known (the booking screen).
 */
export function ChooseTimePage() {
  const { settings } = useLoadedSettings();
  const navigate = useNavigate();
  const timeZone = useMemo(browserTimeZone, []);
  const [now] = useState(() => new Date());
  const nowWall = useMemo(() => toWallClock(now, timeZone), [now, timeZone]);
  const first = useMemo(() => initialChoice(nowWall), [nowWall]);
  const [date, setDate] = useState(first.date);
  const typedPattern = useMemo(() => numericDatePattern(defaultLocale()), []);
  // The person's own picks; the pair shown follows from them (see pickDeskTime: a select's type-ahead
  // passes through values that must not move the other side for good).
  const [picks, setPicks] = useState<DeskTimePicks>({ start: first.start, end: first.end, changed: 'start' });

  // Maximum: the global desk constraint (a site's or location's own applies once one is chosen).
  const maxDate = useMemo(() => {
    const limit = advanceLimitDate(resolveConstraint({ global: settings.GlobalDeskConstraint }), now, timeZone);
    return limit ? toWallClock(limit, timeZone).date : undefined;
  }, [settings.GlobalDeskConstraint, now, timeZone]);

  const options = useMemo(() => deskTimeOptions(date, nowWall), [date, nowWall]);
  const times = shownDeskTimes(picks, options.earliest);

  const refusal = deskBookingRefusal(settings);
  if (refusal) {
    return (
      <Panel>
        <PageHeading>Book a Desk</PageHeading>
        <Refusal message={refusal} />
      </Panel>
    );
  }

  const changeDate = (value: string | null) => {
    if (!value || value < first.date || (maxDate && value > maxDate)) return;
    setDate(value);
    const next = deskTimeOptions(value, nowWall);
    // A start no longer offered on the new day (earlier hours of today) moves to the default start:
    // the person's own start too, which a later end pick would otherwise bring back.
    if (!next.starts.includes(picks.start) || !next.starts.includes(shownDeskTimes(picks, next.earliest).start)) {
      const start = (value === nowWall.date ? defaultDeskStart(nowWall.minutes) : null) ?? next.starts[0] ?? DESK_EARLIEST;
      setPicks({ start, end: defaultDeskEnd(start), changed: 'start' });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(deskStepPath(formatSegment({ date, minutes: times.start }), formatSegment({ date, minutes: times.end })));
  };

  const toOptions = (list: number[]) => list.map((m) => ({ value: String(m), label: formatMinutes(m) }));

  return (
    <Panel>
      <PageHeading>Book a Desk</PageHeading>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} aria-label="Choose date and time">
          <Stack>
            <Text>Choose the day and the times you need a desk. Times are those on the clock at the site.</Text>
            <DayInput
              label="Date"
              description={`Type it as ${typedPattern} or pick it from the calendar; from ${longDay(first.date)}${maxDate ? ` to ${longDay(maxDate)}` : ''}.`}
              value={date}
              onChange={changeDate}
              minDate={first.date}
              maxDate={maxDate}
              required
              maw={420}
            />
            <Group grow maw={420} align="flex-start">
              <NativeSelect
                label="Start"
                data={toOptions(options.starts)}
                value={String(times.start)}
                onChange={(e) => { const value = Number(e.currentTarget.value); setPicks((p) => pickDeskTime(p, 'start', value)); }}
              />
              <NativeSelect
                label="End"
                data={toOptions(options.ends)}
                value={String(times.end)}
                onChange={(e) => { const value = Number(e.currentTarget.value); setPicks((p) => pickDeskTime(p, 'end', value)); }}
              />
            </Group>
            <Text role="status" aria-live="polite">{describeRange({ date, minutes: times.start }, { date, minutes: times.end })}</Text>
            <Group>
              <Button type="submit">Next</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Panel>
  );
}
