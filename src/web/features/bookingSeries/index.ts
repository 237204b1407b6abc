/** Repeating bookings on the booking screens (issue 22): the Repeat control, the preview of the dates, the result. */
export { RepeatControl, preloadRepeatDetails } from './RepeatControl.js';
export { SeriesPreviewList } from './SeriesPreviewList.js';
export { SeriesBookedDialog, SeriesConfirmation, seriesBookedTitle } from './SeriesConfirmation.js';
export { useDeskSeries, type DeskRepeatProps } from './useDeskSeries.js';
export { useSeriesFlow, type SeriesFlow } from './useSeriesFlow.js';
export { roomSeriesCalls, deskSeriesCalls } from './seriesApi.js';
