/** App shell helpers for every screen: new-version reload, small-screen dates, scroll hints. */
export { VersionWatcher, VERSION_POLL_MS } from './VersionWatcher.js';
export { ScrollHint } from './ScrollHint.js';
export { useDateFormat, useShortDates } from './useDateFormat.js';
export {
  formatDay, formatDayTime, formatRange, formatTime, formatCalendarDay, calendarDayParts, formatMinutes, defaultLocale,
  type DateFormatOptions, type DateLike,
} from './dates.js';
// DayInput (./DayInput.js) and TimeOfDaySelect (./TimeOfDaySelect.js) are imported from their own
// modules, not from here: they bring Mantine's date picker and combobox code, which a screen that
// only formats dates must not load (issue 19, point 7: the floorplan's first load).
export { SHORT_DATES_BELOW_PX, SCROLL_HINT_BELOW_PX, SHORT_DATES_QUERY, SCROLL_HINT_QUERY } from './breakpoints.js';
export { registerServiceWorker, clearCaches } from './serviceWorker.js';
