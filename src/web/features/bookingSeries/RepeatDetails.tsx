import { Checkbox, Chip, Fieldset, Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { ABSOLUTE_MAX_OCCURRENCES, MAX_INTERVAL, weekdayOf, type WeekdayCode } from '../../../domain/recurrence/recurrenceLimits.js';
import { DayInput } from '../appShell/DayInput.js';
import { WEEKDAYS, weekdayPosition, type MonthlyBy, type RepeatDraft, type RepeatKind } from './repeatDraft.js';
import type { RepeatControlProps } from './RepeatControl.js';
import { RepeatWords } from './RepeatWords.js';

const UNIT: Record<RepeatKind, string> = { None: '', Daily: 'days', Weekly: 'weeks', Monthly: 'months' };
const SHORT: Record<WeekdayCode, string> = { MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun' };
const LONG: Record<WeekdayCode, string> = {
  MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday',
};
const POSITION = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
// Mantine's default red fails AA contrast for small error text; shade 9 passes (as the booking forms do).
const errorStyles = { error: { color: 'var(--mantine-color-red-9)' } };

/** A NumberInput's value as the draft keeps it: a whole number, or '' while cleared. */
const asCount = (v: string | number): number | '' => (v === '' ? '' : Number(v));

/**
 * The Repeat control's choices once a repeat is chosen (RepeatControl.tsx): every N, the weekdays, the
 * monthly rule, the end (a count or a last day, with the date picker), the rule in words. Its own chunk:
 * the booking screens show "Does not repeat" first, and the number input, radios and date picker it
 * needs are ~30 KB (compressed) the floorplan's first load does without (issue 20, issue 19 point 7).
 */
export function RepeatDetails({ draft, onChange, firstDate, errors, words }: RepeatControlProps) {
  const set = (patch: Partial<RepeatDraft>) => onChange({ ...draft, ...patch });
  const weekday = weekdayOf(firstDate);
  const { position, isLast } = weekdayPosition(firstDate);
  return (
    <Fieldset legend="How it repeats" variant="filled" p="sm" styles={{ legend: { fontWeight: 600 } }}>
      <Stack gap="sm">
        <NumberInput label={`Every how many ${UNIT[draft.kind]}`} w={200} min={1} max={MAX_INTERVAL} allowDecimal={false} allowNegative={false}
          value={draft.interval} onChange={(v) => set({ interval: asCount(v) })} error={errors.interval} styles={errorStyles} />
        {draft.kind === 'Daily' && (
          <Checkbox label="Weekdays only (Monday to Friday)" checked={draft.weekdaysOnly} onChange={(e) => set({ weekdaysOnly: e.currentTarget.checked })} />
        )}
        {draft.kind === 'Weekly' && (
          <Fieldset legend="On" variant="unstyled" styles={{ legend: { fontWeight: 600, fontSize: "var(--mantine-font-size-sm)" } }} aria-describedby={errors.weekdays ? 'repeat-weekdays-error' : undefined}>
            <Chip.Group multiple value={draft.weekdays} onChange={(v) => set({ weekdays: v as WeekdayCode[] })}>
              <Group gap={6}>
                {WEEKDAYS.map((d) => (
                  <Chip key={d} value={d} size="sm" aria-label={LONG[d]}>{SHORT[d]}</Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.weekdays && <Text id="repeat-weekdays-error" size="sm" c="red.9" mt={4}>{errors.weekdays}</Text>}
          </Fieldset>
        )}
        {draft.kind === 'Monthly' && (
          <Radio.Group label="On" value={draft.monthlyBy} onChange={(v) => set({ monthlyBy: v as MonthlyBy })} error={errors.monthlyBy} styles={errorStyles}>
            <Stack gap={6} mt={4}>
              <Radio value="date" label={`Day ${Number(firstDate.slice(8, 10))} of the month`} />
              {position <= 4 && <Radio value="weekday" label={`The ${POSITION[position]} ${LONG[weekday]}`} />}
              {isLast && <Radio value="lastWeekday" label={`The last ${LONG[weekday]}`} />}
            </Stack>
          </Radio.Group>
        )}
        <Radio.Group label="Ends" value={draft.end} onChange={(v) => set({ end: v as RepeatDraft['end'] })}>
          <Group gap="md" mt={4}>
            <Radio value="count" label="After a number of times" />
            <Radio value="until" label="On a date" />
          </Group>
        </Radio.Group>
        {draft.end === 'count' ? (
          <NumberInput label="Number of times" w={200} min={1} max={ABSOLUTE_MAX_OCCURRENCES} allowDecimal={false} allowNegative={false}
            value={draft.count} onChange={(v) => set({ count: asCount(v) })} error={errors.count} styles={errorStyles} />
        ) : (
          <DayInput label="Last day" value={draft.until} minDate={firstDate} onChange={(v) => set({ until: v ?? '' })}
            error={errors.until} styles={errorStyles} maw={260} />
        )}
        {errors.rule && <Text size="sm" c="red.9" role="alert">{errors.rule}</Text>}
        <RepeatWords words={words} />
      </Stack>
    </Fieldset>
  );
}
