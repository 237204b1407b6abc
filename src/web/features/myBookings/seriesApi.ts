/** Repeating bookings' calls (issue 22; shapes in src/domain/wire/seriesManage.ts) and their query keys. */
import type { SeriesCancelInput, SeriesCancelled, SeriesChanged, SeriesChangeInput, SeriesDetail } from '../../../domain/wire/seriesManage.js';
import { api } from '../../app/api.js';
import { myBookingsKeys } from './myBookingsApi.js';

/** Under My Bookings' key, so every refresh of the list refreshes the series too. */
export const seriesKey = (seriesId: string) => [...myBookingsKeys.all, 'series', seriesId] as const;

export const getSeries = (seriesId: string) => api.get<SeriesDetail>(`/api/bookings/series/${encodeURIComponent(seriesId)}`);

/** From = this day's occurrence and the following ones; without it every occurrence not yet started. */
export const cancelSeries = (seriesId: string, input: SeriesCancelInput) =>
  api.post<SeriesCancelled>(`/api/bookings/series/${encodeURIComponent(seriesId)}/cancel`, input);

/** New times (HH:mm on the site's clock) for the occurrences from From on: all of them or none (409 names clashing days). */
export const changeSeries = (seriesId: string, input: SeriesChangeInput) =>
  api.post<SeriesChanged>(`/api/bookings/series/${encodeURIComponent(seriesId)}/change`, input);
