import type { Booking } from '../../../domain/wire/bookings.js';

/**
 * One SELECT list and one mapper for a booking as SPEC section 3 names its fields, so every list
 * (my bookings, searches, approvals, check-in) presents bookings the same way.
 * Use with `FROM bookings b` and the joins in BOOKING_JOINS.
 */
export const BOOKING_COLUMNS = `
  b.id, b.starts_at, b.finishes_at, b.desk_id, b.desk_name, b.room_id, r.name AS room_name, r.room_type,
  s.title AS site_name, b.site_id, b.location_id, b.floorplan_id, b.layout_id, s.post_code, b.description,
  b.on_behalf_of_email, b.booked_by_user_id, bu.full_name AS booked_by_user_name, b.include_parking, b.status,
  b.cancellation_reason, b.cancelled_by_admin, cu.full_name AS cancelled_by_user_name,
  b.checked_in_by_user_id, b.checked_in_by_name, b.series_id`;

export const BOOKING_JOINS = `
  JOIN sites s ON s.id = b.site_id
  JOIN users bu ON bu.id = b.booked_by_user_id
  LEFT JOIN rooms r ON r.id = b.room_id
  LEFT JOIN users cu ON cu.id = b.cancelled_by_user_id`;

export interface BookingRow {
  id: number; starts_at: Date; finishes_at: Date; desk_id: string | null; desk_name: string | null; room_id: number | null;
  room_name: string | null; room_type: number | null; site_name: string; site_id: number; location_id: number;
  floorplan_id: number | null; layout_id: number | null; post_code: string; description: string; on_behalf_of_email: string;
  booked_by_user_id: number; booked_by_user_name: string; include_parking: boolean; status: number; cancellation_reason: string;
  cancelled_by_admin: boolean; cancelled_by_user_name: string | null; checked_in_by_user_id: number | null; checked_in_by_name: string | null;
  /** Absent from rows that statements build without it (the insert batchers); null outside a series. */
  series_id?: string | null;
}

export function toBooking(r: BookingRow): Booking {
  return {
    Id: r.id,
    Start: r.starts_at.toISOString(),
    Finish: r.finishes_at.toISOString(),
    DeskId: r.desk_id,
    DeskName: r.desk_name,
    RoomId: r.room_id,
    RoomName: r.room_name,
    RoomType: r.room_type,
    SiteName: r.site_name,
    SiteId: r.site_id,
    LocationId: r.location_id,
    FloorplanId: r.floorplan_id,
    LayoutId: r.layout_id,
    PostCode: r.post_code,
    Description: r.description,
    OnBehalfOfEmail: r.on_behalf_of_email,
    BookedByUserId: r.booked_by_user_id,
    BookedByUserName: r.booked_by_user_name,
    IncludeParking: r.include_parking,
    Status: r.status,
    CancellationReason: r.cancellation_reason,
    CancelledByAdmin: r.cancelled_by_admin,
    CancelledByUserName: r.cancelled_by_user_name,
    CheckedInByUserId: r.checked_in_by_user_id,
    CheckedInByUserName: r.checked_in_by_name,
    ...(r.series_id ? { SeriesId: r.series_id } : {}),
  };
}
