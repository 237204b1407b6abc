-- Issue 22: repeating bookings. A series is the rule a person asked for (the wire Recurrence, kept as
-- JSON so the calendar can carry it as one RRULE event later) and the first occurrence's wall clock
-- in the site's zone; its occurrences are ordinary bookings rows that point to it, so every rule,
-- report, check-in and no-show applies to each occurrence as to any booking, and the exclusion
-- constraints that keep rooms and desks from double booking hold across series and single bookings.
-- An occurrence is known within its series by its calendar day (occurrence_date), which is what a
-- calendar's RECURRENCE-ID and EXDATE name.
CREATE TABLE booking_series (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rule              jsonb NOT NULL,
  first_date        date NOT NULL,
  start_minutes     integer NOT NULL CHECK (start_minutes BETWEEN 0 AND 1439),
  duration_minutes  integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
  time_zone         text NOT NULL,
  booked_by_user_id integer NOT NULL REFERENCES users (id),
  created_at        timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE bookings ADD COLUMN series_id uuid REFERENCES booking_series (id);
ALTER TABLE bookings ADD COLUMN occurrence_date date;
ALTER TABLE bookings ADD CONSTRAINT bookings_series_occurrence CHECK ((series_id IS NULL) = (occurrence_date IS NULL));
-- A series' occurrences (My Bookings groups them; "this and the following" cancels by date).
CREATE INDEX bookings_series ON bookings (series_id, occurrence_date) WHERE series_id IS NOT NULL;
