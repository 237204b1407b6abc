-- Who's in (issue 20, point 3): names of the people sitting at desks, privacy first.
-- A person may hide their name from everyone else's desk map and "Who's in" list.
ALTER TABLE users ADD COLUMN hide_name_on_map boolean NOT NULL DEFAULT false;

-- Whose names others see on the desk map and in "Who's in": nobody's ('off'), people who share a team
-- with the viewer ('teammates', the default), or everyone's ('everyone'). A person's own hide always wins.
ALTER TABLE global_settings ADD COLUMN names_on_map text NOT NULL DEFAULT 'teammates'
  CHECK (names_on_map IN ('off', 'teammates', 'everyone'));

-- Reads limited per person and minute (a fixed window), shared by every instance: one row per person
-- and read kind, replaced when its minute has passed (features/whosIn/readLimit.ts). UNLOGGED: a read
-- then writes no WAL and waits for no disk flush; after a crash the counts start again from zero,
-- which is harmless for a one-minute limit.
CREATE UNLOGGED TABLE read_limits (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  reads        integer NOT NULL
);

-- "Who's in" reads the active desk bookings that touch one day, across every site.
CREATE INDEX bookings_active_desks_start ON bookings (starts_at) INCLUDE (finishes_at, holder_key)
  WHERE desk_id IS NOT NULL AND status IN (0, 1);
