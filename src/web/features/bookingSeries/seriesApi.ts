/** The repeating-booking calls (issue 22): a preview of every occurrence, then booking the chosen days. */
import type { DeskSeriesInput, RoomSeriesInput, SeriesBooked, SeriesPreview } from '../../../domain/wire/bookingSeries.js';
import { api } from '../../app/api.js';

/** One kind of series (room or desk): how to preview it and how to book the chosen days. */
export interface SeriesCalls<I> {
  preview: (input: I) => Promise<SeriesPreview>;
  book: (input: I & { Dates: string[] }) => Promise<SeriesBooked>;
}

export const roomSeriesCalls: SeriesCalls<RoomSeriesInput> = {
  preview: (input) => api.post<SeriesPreview>('/api/bookings/room/series/preview', input),
  book: (input) => api.post<SeriesBooked>('/api/bookings/room/series', input),
};

export const deskSeriesCalls: SeriesCalls<DeskSeriesInput> = {
  preview: (input) => api.post<SeriesPreview>('/api/bookings/desk/series/preview', input),
  book: (input) => api.post<SeriesBooked>('/api/bookings/desk/series', input),
};
