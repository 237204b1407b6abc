-- Issue 23: free/busy for rooms. Each room may have one secret feed URL (busy blocks as iCalendar
-- events, and a VFREEBUSY object) that calendar clients and room finders read without signing in.
-- Only the SHA-256 of the secret is kept (like users.calendar_token), so a copy of the database does
-- not open the feeds; a lookup is by that hash through the unique index, never by comparing secrets.
-- No row: the room has no feed (off). Rotating replaces the hash, so the old URL stops at once.
-- Its own table rather than a column on rooms: only a few rooms have one, and the feed's facts
-- (who made it, when) stay beside it.
CREATE TABLE room_free_busy_feeds (
  room_id    integer PRIMARY KEY REFERENCES rooms (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 43),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users (id) ON DELETE SET NULL
);
