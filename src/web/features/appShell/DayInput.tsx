import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { useMemo } from 'react';
import './dayInput.css';
import { defaultLocale } from './dates.js';
import { numericDatePattern, parseNumericDate } from '../../../domain/dateFormat.js';
import { useDatesSettings } from './useDatesSettings.js';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'> & {
  /** A calendar day, YYYY-MM-DD ('' for none). */
  value: string;
  onChange: (date: string | null) => void;
  minDate?: string;
  maxDate?: string;
};

// The calendar's arrows and level buttons are icons: these are their names for screen readers (axe).
const CALENDAR_LABELS = {
  previousMonth: 'Previous month', nextMonth: 'Next month', previousYear: 'Previous year', nextYear: 'Next year',
  previousDecade: 'Previous decade', nextDecade: 'Next decade', monthLevelControl: 'Choose a month', yearLevelControl: 'Choose a year',
};

/**
 * The one date field (issue 20, point 6), instead of the browser's own `<input type="date">`:
 * Mantine's DateInput, its calendar in the browser's language, the day written and typed in that
 * language's digit order (12/03/2030 en-GB, 03/12/2030 en-US, 12.03.2030 de-DE; 2030-03-12 is
 * accepted too), both from the shared date module (src/domain/dateFormat.ts). Digits rather than
 * words in the field, so what is shown is what can be typed over.
 */
export function DayInput({ value, onChange, minDate, maxDate, description, ...rest }: Props) {
  const settings = useDatesSettings();
  const locale = defaultLocale();
  const typed = useMemo(() => numericDatePattern(locale), [locale]);
  return (
    <DatesProvider settings={settings}>
      <DateInput
        value={value || null}
        onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
        valueFormat={typed}
        dateParser={(text) => parseNumericDate(text, locale)}
        minDate={minDate}
        maxDate={maxDate}
        description={description === undefined ? `Type it as ${typed} or pick it from the calendar.` : description}
        fixOnBlur
        classNames={{ day: 'hd-day' }}
        ariaLabels={CALENDAR_LABELS}
        popoverProps={{ withinPortal: true }}
        {...rest}
      />
    </DatesProvider>
  );
}
