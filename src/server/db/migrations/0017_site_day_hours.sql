-- Issue 20: the hours a site's room calendar and Reception View show, in minutes since midnight of
-- the site's time zone. Display only: booking rules do not read them. Default 07:00-20:00 (what the
-- Reception View showed; the room calendar showed 08:00-19:00). Whole or half hours, start before end.
ALTER TABLE sites
  ADD COLUMN day_start_minutes smallint NOT NULL DEFAULT 420,
  ADD COLUMN day_end_minutes smallint NOT NULL DEFAULT 1200,
  ADD CONSTRAINT sites_day_hours_valid CHECK (
    day_start_minutes >= 0 AND day_end_minutes <= 1440 AND day_start_minutes < day_end_minutes
    AND day_start_minutes % 30 = 0 AND day_end_minutes % 30 = 0);
