-- Issue 22: closures. An admin closes a whole site, or a set of its locations (floors), rooms and
-- desks, for a time range (maintenance) or for the same days every year (holidays). Nothing active
-- may be booked there then: a trigger refuses it, so every path that writes bookings (desk, room,
-- series, edits, batch inserts) obeys without knowing about closures.
--
-- The set of places is a child table, not arrays on the closure: a desk is a pair (floorplan, desk
-- id), which arrays cannot keep together; the child rows carry foreign keys to what they name; and
-- the booking check finds "is this room/location/desk named" through ordinary indexes.
CREATE TABLE closures (
  id             bigserial PRIMARY KEY,
  site_id        integer NOT NULL REFERENCES sites (id),
  whole_site     boolean NOT NULL,           -- true: every place of the site; false: the closure_places rows
  starts_at      timestamptz NOT NULL,
  ends_at        timestamptz NOT NULL,
  during         tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED,
  reason         text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  -- Yearly: the same wall-clock range in the site's zone every year from the first (public holidays).
  repeats_yearly boolean NOT NULL DEFAULT false,
  created_by     integer NOT NULL REFERENCES users (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  -- A yearly range must fit in a year, or its repetitions would overlap themselves.
  CHECK (NOT repeats_yearly OR ends_at <= starts_at + interval '1 year')
);
-- "Closures overlapping [start, end) at this site": one GiST search (btree_gist, migration 0001).
-- Yearly closures are few and are read by site alone (their range repeats).
CREATE INDEX closures_site_during ON closures USING gist (site_id, during);
CREATE INDEX closures_site_yearly ON closures (site_id) WHERE repeats_yearly;

CREATE TABLE closure_places (
  closure_id   bigint NOT NULL REFERENCES closures (id) ON DELETE CASCADE,
  location_id  integer REFERENCES locations (id),
  room_id      integer REFERENCES rooms (id),
  floorplan_id integer REFERENCES floorplans (id),
  desk_id      text,
  CHECK ((desk_id IS NULL) = (floorplan_id IS NULL)),
  CHECK (num_nonnulls(location_id, room_id, floorplan_id) = 1)
);
CREATE INDEX closure_places_closure ON closure_places (closure_id);

-- When closure c (of a site in zone tz) covers the range r: the end of its occurrence that overlaps r,
-- else null. Yearly closures are shifted by whole years on the site's wall clock (a 25 Dec 00:00 to
-- 26 Dec 00:00 closure stays midnight to midnight across daylight saving), from their first year
-- on; only the years r touches are tried.
CREATE FUNCTION closure_end_over(c closures, tz text, r tstzrange) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT c.repeats_yearly THEN (CASE WHEN c.during && r THEN c.ends_at END) ELSE (
    SELECT upper(o) FROM generate_series(
        greatest(0, extract(year FROM lower(r) AT TIME ZONE tz)::int - extract(year FROM c.starts_at AT TIME ZONE tz)::int - 1),
        extract(year FROM upper(r) AT TIME ZONE tz)::int - extract(year FROM c.starts_at AT TIME ZONE tz)::int) AS k,
      LATERAL (SELECT tstzrange(((c.starts_at AT TIME ZONE tz) + make_interval(years => k)) AT TIME ZONE tz,
                                ((c.ends_at AT TIME ZONE tz) + make_interval(years => k)) AT TIME ZONE tz, '[)') AS o) x
    WHERE o && r ORDER BY k LIMIT 1)
  END
$$;

-- Does closure c name this place (whole site, or the booking's location, room or desk)?
CREATE FUNCTION closure_names_place(c closures, p_location integer, p_room integer, p_floorplan integer, p_desk text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT c.whole_site OR EXISTS (
    SELECT 1 FROM closure_places cp WHERE cp.closure_id = c.id
      AND (cp.location_id = p_location OR cp.room_id = p_room OR (cp.floorplan_id = p_floorplan AND cp.desk_id = p_desk)))
$$;

-- No active booking during a closure. Concurrency: bookings_place_live (0002, fires just before this
-- trigger: triggers fire in name order) takes FOR KEY SHARE on a new booking's site row (this trigger
-- takes it for edits); creating a
-- closure takes that row FOR UPDATE before it counts and cancels. So a booking written at the same
-- moment either commits first (and is then found and cancelled by the closure, or changes the
-- previewed set) or waits, and this trigger's query, run after the wait with a fresh snapshot (READ
-- COMMITTED, a volatile function), sees the committed closure and refuses it. Bookings of one site
-- never wait for each other (KEY SHARE locks do not conflict).
CREATE FUNCTION booking_place_is_open() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER bookings_place_open BEFORE INSERT OR UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_place_is_open();
