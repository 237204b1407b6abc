-- Issue 24, desk check-in and auto-release. A site may require desk bookings to be checked in within a
-- window around their start (default 15 minutes before to 30 minutes after); a location may override
-- the site (NULL: inherit). Off for every existing site: turning it on is an admin's choice, since
-- it cancels bookings nobody checks in to.
-- Bounds: check-in may open 0-120 minutes before the start and must stay open 15-240 minutes after
-- it. At least 15 after, because a desk booking may start up to 15 minutes in the past ("from now" on
-- a slow connection), so every booking is made while its own window is still open.
ALTER TABLE sites
  ADD COLUMN desk_check_ins boolean NOT NULL DEFAULT false,
  ADD COLUMN desk_check_in_before_minutes smallint NOT NULL DEFAULT 15 CHECK (desk_check_in_before_minutes BETWEEN 0 AND 120),
  ADD COLUMN desk_check_in_after_minutes smallint NOT NULL DEFAULT 30 CHECK (desk_check_in_after_minutes BETWEEN 15 AND 240);

ALTER TABLE locations
  ADD COLUMN desk_check_ins boolean,
  ADD COLUMN desk_check_in_before_minutes smallint CHECK (desk_check_in_before_minutes BETWEEN 0 AND 120),
  ADD COLUMN desk_check_in_after_minutes smallint CHECK (desk_check_in_after_minutes BETWEEN 15 AND 240),
  -- the window is overridden whole or not at all
  ADD CONSTRAINT locations_desk_window_whole CHECK ((desk_check_in_before_minutes IS NULL) = (desk_check_in_after_minutes IS NULL));

-- The no-show job's search for desk bookings nobody checked in to (as bookings_unchecked_room for rooms).
CREATE INDEX bookings_unchecked_desk ON bookings (starts_at) WHERE desk_id IS NOT NULL AND status = 1 AND checked_in_at IS NULL;
