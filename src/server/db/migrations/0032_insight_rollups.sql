-- Issue 25, speed: insights over a year of 1,000,000 bookings in <= 500 ms. Plain SQL has to cut every
-- booking at the site's midnights on its wall clock and count distinct people several ways: seconds per
-- year at one site. These tables keep, for closed past days only, what each day contributes, so a
-- year's insight adds up ~7,000 unit-day rows instead of a million bookings.
--
-- insight_days: the site's local days that are rolled up, with the zone and day hours they were cut with
--   (a row whose zone or hours differ from the site's is ignored and rebuilt), and the daily forecast
--   (distinct people booked ahead / booked / checked in, desks and rooms together), exact per day.
-- insight_unit_days: per rolled day and unit (a floorplan for desk bookings, a location for room
--   bookings): booked seconds per hour of the day (clipped to the day hours), distinct people (with their
--   keys and hour masks, so a small group can be counted exactly), the occupancy steps (for the peak),
--   check-ins and cancellations of the bookings that started that day.
-- insight_unit_items: which desks/rooms (as 'location:desk' or 'location:room') a unit's rolled bookings
--   were on, and over which days: a scope that leaves out one of them cannot use the unit's rows.
--
-- Exact when bookings change: only days that ended more than three days ago (on the database clock) are
-- ever rolled up, and a trigger forgets the rolled days of any booking that starts more than two days
-- ago when it is inserted, changed (cancel, check-in, retention or erasure rewriting holder_key) or
-- deleted. The day of slack covers a transaction that began before the roll-up. The desk booking hot
-- path (a new or current booking) is filtered out by the triggers' WHEN clause, so no function runs.
-- Roll-up and forgetting take the same per-site advisory lock, so a roll-up never stores a day from a
-- snapshot older than a change that forgot it. Closures, layouts and tags are applied when reading.
CREATE TABLE insight_days (
  site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  day     date NOT NULL,
  tz      text NOT NULL,
  ds      smallint NOT NULL,
  de      smallint NOT NULL,
  ahead   integer NOT NULL,
  booked  integer NOT NULL,
  checked integer NOT NULL,
  PRIMARY KEY (site_id, day)
);

CREATE TABLE insight_unit_days (
  site_id    integer NOT NULL,
  day        date NOT NULL,
  kind       smallint NOT NULL CHECK (kind IN (0, 1)), -- 0 desk bookings (unit = floorplan), 1 room bookings (unit = location)
  unit       integer NOT NULL,
  secs       float8[] NOT NULL,  -- [1..24]: booked seconds in hour h-1 of the day, clipped to the day hours
  hpeople    integer[] NOT NULL, -- [1..24]: distinct people with a booking in hour h-1
  people     integer NOT NULL,   -- distinct people with a booking this day (clipped to the day hours) ...
  holders    text[] NOT NULL,    -- ... who they are (read only to count a small group exactly) ...
  hmask      integer[] NOT NULL, -- ... and each one's hours as a bit mask (bit h = hour h)
  ev_t       float8[] NOT NULL,  -- occupancy steps: second of the day ...
  ev_d       integer[] NOT NULL, -- ... and the change in bookings at that second
  ci_n       integer NOT NULL,   -- bookings that started this day, Approved or NoShow
  ci_checked integer NOT NULL,
  ci_noshow  integer NOT NULL,
  ci_people  integer NOT NULL,   -- their distinct people ...
  ci_holders text[] NOT NULL,    -- ... who they are
  cn_bucket  smallint[] NOT NULL, -- per cancelled booking that started this day: its lead-time bucket (0-4) ...
  cn_holder  text[] NOT NULL,     -- ... and its person
  dh_item    text[] NOT NULL,     -- desk bookings only, per desk and person this day (the heatmap): the desk ...
  dh_holder  text[] NOT NULL,     -- ... the person ...
  dh_secs    float8[] NOT NULL,   -- ... and their booked seconds, clipped to the day hours
  PRIMARY KEY (site_id, kind, day, unit),
  FOREIGN KEY (site_id, day) REFERENCES insight_days (site_id, day) ON DELETE CASCADE
);

CREATE TABLE insight_unit_items (
  site_id   integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind      smallint NOT NULL,
  unit      integer NOT NULL,
  item      text NOT NULL,
  first_day date NOT NULL,
  last_day  date NOT NULL,
  PRIMARY KEY (site_id, kind, unit, item)
);

-- Forget the rolled days a booking touches (in the zone they were cut with).
CREATE FUNCTION insight_forget(p_site integer, p_start timestamptz, p_end timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(25032, p_site);
  DELETE FROM insight_days d WHERE d.site_id = p_site
    AND d.day BETWEEN (p_start AT TIME ZONE d.tz)::date AND ((p_end AT TIME ZONE d.tz) - interval '1 microsecond')::date;
END
$$;

CREATE FUNCTION insight_forget_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM insight_forget(OLD.site_id, OLD.starts_at, OLD.finishes_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM insight_forget(NEW.site_id, NEW.starts_at, NEW.finishes_at); END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER bookings_insight_forget_insert AFTER INSERT ON bookings
  FOR EACH ROW WHEN (NEW.starts_at < now() - interval '2 days') EXECUTE FUNCTION insight_forget_booking();
CREATE TRIGGER bookings_insight_forget_update AFTER UPDATE ON bookings
  FOR EACH ROW WHEN (OLD.starts_at < now() - interval '2 days' OR NEW.starts_at < now() - interval '2 days')
  EXECUTE FUNCTION insight_forget_booking();
CREATE TRIGGER bookings_insight_forget_delete AFTER DELETE ON bookings
  FOR EACH ROW WHEN (OLD.starts_at < now() - interval '2 days') EXECUTE FUNCTION insight_forget_booking();
