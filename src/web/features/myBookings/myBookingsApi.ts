/** My Bookings' calls (SPEC 7) and their query keys. */
import type { Booking } from '../../../domain/wire/bookings.js';
import type { CalendarFeed, CheckInResult, MyBookings } from '../../../domain/wire/myBookings.js';
import { api } from '../../app/api.js';

export const myBookingsKeys = {
  all: ['myBookings'] as const,
  list: (pastLimit: number) => ['myBookings', 'list', pastLimit] as const,
  feed: ['myBookings', 'calendarFeed'] as const,
};

export const PAST_PAGE = 20;

export const getMyBookings = (pastLimit: number) => api.get<MyBookings>(`/api/bookings/my?pastLimit=${pastLimit}`);
export const EXPORT_PATH = '/api/bookings/my/export';

/** DELETE /api/bookings and the server's words of a failure: one definition, shared with the other screens that cancel. */
export { cancelBooking, serverText } from '../cancellation/cancellationApi.js';

export interface BookingEdit { Start: string; Finish: string; Description?: string }
/** POST /api/bookings/{id}: a room booking carries RoomId and Description; a desk booking its desk. */
export const editBooking = (booking: Booking, edit: BookingEdit) => api.post<Booking>(`/api/bookings/${booking.Id}`, {
  Id: booking.Id,
  Start: edit.Start,
  Finish: edit.Finish,
  OnBehalfOfEmail: booking.OnBehalfOfEmail,
  ...(booking.RoomId !== null
    ? { RoomId: booking.RoomId, BookedByUserId: booking.BookedByUserId, Description: edit.Description ?? booking.Description }
    : { FloorplanId: booking.FloorplanId, DeskId: booking.DeskId, IncludeParking: booking.IncludeParking, Description: booking.Description }),
});

export const checkInTo = (bookingId: number) => api.post<CheckInResult>(`/api/bookings/check-in/${bookingId}`, {});

export const getFeed = () => api.get<CalendarFeed>('/api/bookings/my/calendarFeed');
export const createFeed = () => api.post<CalendarFeed>('/api/bookings/my/calendarFeed');
export const revokeFeed = () => api.delete<void>('/api/bookings/my/calendarFeed');
