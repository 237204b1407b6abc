-- Issue 22: the closure check (booking_place_is_open, migration 0021) runs on every booking insert.
-- Most bookings meet no closure at all: no closure of their site overlaps their time, and the site has
-- no yearly one. That is now found first, by one probe of the GiST index closures_site_during (and the
-- partial index closures_site_yearly), before reading the site's zone and calling closure_end_over
-- per candidate. Only a booking that a closure might cover does the full check, as before.
--
-- Race safety is unchanged: for an insert, bookings_place_live (0002, fires first: triggers fire in
-- name order) has already taken the site row FOR KEY SHARE; for an edit this function takes it before
-- the probe. A closure being created holds that row FOR UPDATE until it commits, so the probe runs
-- after the wait, with a fresh snapshot (READ COMMITTED, plpgsql statements each take one), and sees
-- the new closure: the booking then goes on to the full check and is refused.
CREATE OR REPLACE FUNCTION booking_place_is_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hit_id bigint;
  hit_reason text;
  hit_end timestamptz;
  tz text;
BEGIN
  IF NEW.status NOT IN (0, 1) THEN
    RETURN NEW;
  END IF;
  -- Updates that neither activate nor move the booking (check-in, description) are left alone.
  IF TG_OP = 'UPDATE' AND OLD.status IN (0, 1) AND NEW.starts_at = OLD.starts_at AND NEW.finishes_at = OLD.finishes_at
     AND NEW.location_id = OLD.location_id AND NEW.room_id IS NOT DISTINCT FROM OLD.room_id
     AND NEW.desk_id IS NOT DISTINCT FROM OLD.desk_id THEN
    RETURN NEW;
  END IF;
  -- Inserts hold the site row FOR KEY SHARE already (bookings_place_live); an edit that moves a booking
  -- in time or to another desk is let through by that trigger without it, so it is taken here.
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM sites WHERE id = NEW.site_id FOR KEY SHARE;
  END IF;
  -- The quick exit: no closure of the site overlaps the booking and none repeats yearly.
  IF NOT EXISTS (
    SELECT 1 FROM closures c
    WHERE c.site_id = NEW.site_id
      AND (c.during && tstzrange(NEW.starts_at, NEW.finishes_at, '[)') OR c.repeats_yearly)
  ) THEN
    RETURN NEW;
  END IF;
  SELECT s.time_zone INTO tz FROM sites s WHERE s.id = NEW.site_id;
  SELECT c.id, c.reason, e INTO hit_id, hit_reason, hit_end FROM closures c,
     LATERAL closure_end_over(c, tz, tstzrange(NEW.starts_at, NEW.finishes_at, '[)')) e
   WHERE c.site_id = NEW.site_id
     AND (c.during && tstzrange(NEW.starts_at, NEW.finishes_at, '[)') OR c.repeats_yearly)
     AND e IS NOT NULL
     AND closure_names_place(c, NEW.location_id, NEW.room_id, NEW.floorplan_id, NEW.desk_id)
   ORDER BY e LIMIT 1;
  IF FOUND THEN
    -- The message is the reason; DETAIL carries what dbErrors.ts needs to say until when (site clock).
    RAISE EXCEPTION '%', hit_reason USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_place_open',
      DETAIL = json_build_object('closureId', hit_id, 'reason', hit_reason, 'endsAt', hit_end, 'timeZone', tz)::text;
  END IF;
  RETURN NEW;
END
$$;
