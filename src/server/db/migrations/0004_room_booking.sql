-- Room booking (issue 4): the availability search asks "which rooms have an active booking
-- overlapping this range?" for a whole site at once. room_not_double_booked's index leads with
-- room_id, so a range-only probe would walk all of it; this index answers the range directly,
-- and the rooms found are anti-joined in one pass.
CREATE INDEX bookings_room_active_during ON bookings USING gist (during) INCLUDE (room_id)
  WHERE room_id IS NOT NULL AND status IN (0, 1);
