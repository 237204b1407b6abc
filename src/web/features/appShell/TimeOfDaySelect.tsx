import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { formatMinutes } from './dates.js';

/** Quarter hours of a day, 00:00 to 23:45, as minutes since midnight. */
export const QUARTER_HOURS: readonly number[] = Array.from({ length: 96 }, (_, i) => i * 15);

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** Minutes since midnight on the site's clock. */
  value: number | null;
  onChange: (minutes: number) => void;
  /** The times offered (default: every quarter hour); the current value is always offered too. */
  options?: readonly number[];
};

/**
 * The one time-of-day field, instead of the browser's `<input type="time">`: a Mantine Select of
 * times written as the browser's language writes them (09:15 or 9:15 AM, src/domain/dateFormat.ts),
 * searchable so a time can be typed and picked with Enter.
 */
export function TimeOfDaySelect({ value, onChange, options = QUARTER_HOURS, ...rest }: Props) {
  const data = useMemo(() => {
    const list = value === null || options.includes(value) ? options : [...options, value].sort((a, b) => a - b);
    return list.map((m) => ({ value: String(m), label: formatMinutes(m) }));
  }, [options, value]);
  return (
    <Select searchable allowDeselect={false} maxDropdownHeight={260} data={data} value={value === null ? null : String(value)}
      onChange={(v) => { if (v !== null) onChange(Number(v)); }} {...rest} />
  );
}
