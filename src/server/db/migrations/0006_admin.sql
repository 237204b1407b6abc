-- Administration (issue 6). Reports count active bookings by start time, site and one grouping column
-- (kind, location, room or person). This partial covering index lets a report over a year of bookings
-- read the index alone (an index-only scan) instead of every booking row.
-- (room_id IS NULL means a desk booking: the bookings table's CHECK makes each booking exactly one kind.)
CREATE INDEX bookings_report ON bookings (starts_at) INCLUDE (site_id, room_id, location_id, booked_by_user_id)
  WHERE status IN (0, 1);
