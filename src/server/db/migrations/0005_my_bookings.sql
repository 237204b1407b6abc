-- My Bookings, check-in and no-show release (issue 5).

-- My Bookings finds a person's bookings by booker (bookings_booked_by) or by the on-behalf e-mail.
CREATE INDEX bookings_on_behalf ON bookings (lower(on_behalf_of_email), starts_at DESC) WHERE on_behalf_of_email <> '';

-- The no-show job looks only at Approved room bookings nobody has checked in to.
CREATE INDEX bookings_unchecked_room ON bookings (starts_at) WHERE room_id IS NOT NULL AND status = 1 AND checked_in_at IS NULL;

-- Anonymous check-in attempts, per client address, shared by every instance (rate limiting).
CREATE TABLE check_in_attempts (
  id           bigserial PRIMARY KEY,
  key          text NOT NULL,           -- 'ip:<address>'
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_in_attempts_key ON check_in_attempts (key, attempted_at);

-- users.calendar_token (0001) holds the SHA-256 (base64url) of the feed's secret, never the secret itself.
COMMENT ON COLUMN users.calendar_token IS 'SHA-256 (base64url) of the personal iCalendar feed secret';
