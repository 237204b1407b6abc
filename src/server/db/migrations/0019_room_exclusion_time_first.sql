-- Room booking at desk speed (issue 19, point 5). A room booking kept two GiST indexes up to date
-- on the same rows: room_not_double_booked's (room_id, during) and bookings_room_active_during
-- (during INCLUDE room_id), the second only because the first led with room_id and so could not
-- answer the availability search's range-only probe. With the time range first (as 0011 did for
-- desks) one index does both jobs: the exclusion check descends by time and compares far fewer
-- candidates, and the search's "which rooms are busy in this range?" reads the same index. Same
-- constraint, same name (the 409 message is keyed on it), same rule. On a large bookings table this
-- rebuilds the index under an exclusive lock: run it in a quiet hour.
ALTER TABLE bookings
  DROP CONSTRAINT room_not_double_booked,
  ADD CONSTRAINT room_not_double_booked EXCLUDE USING gist (during WITH &&, room_id WITH =)
    WHERE (room_id IS NOT NULL AND status IN (0, 1));
DROP INDEX bookings_room_active_during;
