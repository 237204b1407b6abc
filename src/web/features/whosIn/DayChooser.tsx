import { ActionIcon, Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { addDays } from './whosInView.js';

/** The day of the list: previous / next day, a calendar, and back to today. Keyboard reachable throughout. */
export function DayChooser({ value, onChange, today, min, max }: {
  value: string; onChange: (day: string) => void; today: string; min: string; max: string;
}) {
  const go = (n: number) => {
    const next = addDays(value, n);
    if (next >= min && next <= max) onChange(next);
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label="Previous day" onClick={() => go(-1)} disabled={value <= min}>
        <span aria-hidden="true">‹</span>
      </ActionIcon>
      <DatePickerInput
        label="Day"
        value={value}
        onChange={(d) => { if (d) onChange(d); }}
        minDate={min}
        maxDate={max}
        valueFormat="ddd D MMM YYYY"
        style={{ flex: 1, minWidth: 0, maxWidth: 220 }}
      />
      <ActionIcon variant="default" size="lg" aria-label="Next day" onClick={() => go(1)} disabled={value >= max}>
        <span aria-hidden="true">›</span>
      </ActionIcon>
      <Button variant="subtle" onClick={() => onChange(today)} disabled={value === today}>Today</Button>
    </Group>
  );
}
