import { format, isSameDay } from 'date-fns';

/** "Mon 7 Jan 2030, 09:00–10:00" (short: "7 Jan, 09:00–10:00"), in the device's time. */
export function formatRange(startIso: string, finishIso: string, short = false): string {
  const start = new Date(startIso);
  const finish = new Date(finishIso);
  const day = short ? 'd MMM' : 'EEE d MMM yyyy';
  return isSameDay(start, finish)
    ? `${format(start, `${day}, HH:mm`)}–${format(finish, 'HH:mm')}`
    : `${format(start, `${day}, HH:mm`)} – ${format(finish, `${day}, HH:mm`)}`;
}

/** Values for <input type="date"> and <input type="time"> from an instant, in the device's time. */
export const dateInput = (iso: string) => format(new Date(iso), 'yyyy-MM-dd');
export const timeInput = (iso: string) => format(new Date(iso), 'HH:mm');
/** The instant a date and time typed on this device mean. */
export const fromInputs = (date: string, time: string): Date => new Date(`${date}T${time}`);
