-- Issue 25: workplace insights. Two organisation-wide settings beside the others in global_settings
-- (saving them bumps the configuration version like every global setting, migration 0008):
-- - insights_min_group_size: a figure about fewer distinct people than this is never shown
--   ("fewer than N"), so no insight lets one read an individual's attendance. 5 by default; at least
--   2 (1 would show single people) and at most 100.
-- - works_council_mode: hides per-person data from Reporting users entirely (the per-person tag report
--   and the booking-by-booking CSV export), while Admins keep their tools.
ALTER TABLE global_settings
  ADD COLUMN insights_min_group_size smallint NOT NULL DEFAULT 5 CHECK (insights_min_group_size BETWEEN 2 AND 100),
  ADD COLUMN works_council_mode boolean NOT NULL DEFAULT false;
