/**
 * Screens format dates with the shared module (src/domain/dateFormat.ts): the browser's language
 * for order and names, the site's zone for values, short under 768 px (SPEC 2.10). Kept as the
 * app shell's door to it so screens import from one place.
 */
export {
  formatDay, formatDayTime, formatRange, formatTime, formatCalendarDay, calendarDayParts, formatMinutes,
  defaultLocale, type DateFormatOptions, type DateLike,
} from '../../../domain/dateFormat.js';
