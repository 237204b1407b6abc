import type { DatesProviderSettings } from '@mantine/dates';
import { useEffect, useMemo, useState } from 'react';
import { defaultLocale } from './dates.js';

// Mantine's calendars name months and weekdays with dayjs locales. English ones are built into
// dayjs; any other language's file (about 1 kB) is fetched only when a person's browser asks for it
// (dayjsLocales.ts, itself loaded only then).
const loaded = new Map<string, string | null>([['en', 'en']]);

interface WeekInfo { firstDay: number; weekend: number[] }
/** The week of the locale (Intl.Locale's weekInfo: 1 = Monday ... 7 = Sunday), as Mantine counts days (0 = Sunday). */
function weekOf(tag: string): Pick<DatesProviderSettings, 'firstDayOfWeek' | 'weekendDays'> {
  try {
    const l = new Intl.Locale(tag) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    const info = l.getWeekInfo?.() ?? l.weekInfo;
    if (!info) return {};
    return {
      firstDayOfWeek: (info.firstDay % 7) as DatesProviderSettings['firstDayOfWeek'],
      weekendDays: info.weekend.map((d) => d % 7) as DatesProviderSettings['weekendDays'],
    };
  } catch {
    return {};
  }
}

/** DatesProvider settings for the browser's language: its month names, first weekday and weekend. */
export function useDatesSettings(): DatesProviderSettings {
  const tag = defaultLocale();
  const wanted = tag.toLowerCase().startsWith('en') ? 'en' : tag.toLowerCase();
  const [name, setName] = useState<string | null | undefined>(() => loaded.get(wanted));
  useEffect(() => {
    if (name !== undefined) return;
    let live = true;
    void import('./dayjsLocales.js').then((m) => m.loadDayjsLocale(wanted)).then((found) => {
      loaded.set(wanted, found);
      if (live) setName(found);
    }, () => { /* offline: English names until the next load */ });
    return () => { live = false; };
  }, [name, wanted]);
  return useMemo(() => ({ locale: name ?? 'en', ...weekOf(tag) }), [name, tag]);
}
