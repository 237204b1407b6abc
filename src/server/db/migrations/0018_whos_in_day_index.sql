-- Who's in (issue 20), faster for a large organisation: the day's active desk bookings read from the
-- index alone (an index-only scan once the table is vacuumed, which autovacuum keeps up with), with
-- every column the 'everyone' list needs, instead of visiting each booking's row in the table. Replaces
-- 0015's narrower index on the same rows (it carried only finishes_at and holder_key).
CREATE INDEX bookings_active_desks_day ON bookings (starts_at)
  INCLUDE (finishes_at, holder_key, site_id, location_id, floorplan_id, desk_id, desk_name)
  WHERE desk_id IS NOT NULL AND status IN (0, 1);
DROP INDEX bookings_active_desks_start;
