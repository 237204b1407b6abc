/** App shell helpers for every screen: new-version reload, small-screen dates, scroll hints. */
export { VersionWatcher, VERSION_POLL_MS } from './VersionWatcher.js';
export { ScrollHint } from './ScrollHint.js';
export { useDateFormat, useShortDates } from './useDateFormat.js';
export { formatDay, formatDayTime, formatRange, formatTime, type DateFormatOptions } from './dates.js';
export { SHORT_DATES_BELOW_PX, SCROLL_HINT_BELOW_PX, SHORT_DATES_QUERY, SCROLL_HINT_QUERY } from './breakpoints.js';
export { registerServiceWorker, clearCaches } from './serviceWorker.js';
