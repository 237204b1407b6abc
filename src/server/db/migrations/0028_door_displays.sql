-- Issue 24, room door displays (src/server/features/displays). A display is a tablet at a room's door:
-- it asks for a pairing code, an admin enters the code in the room's settings, and the tablet then holds
-- a device token for that room alone. Only hashes of the token and of the pairing secret are stored.

CREATE TABLE displays (
  id                serial PRIMARY KEY,
  room_id           integer NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  -- sha256 of the device token; NULL between the admin's pairing and the tablet collecting its token.
  token_hash        text UNIQUE,
  paired_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_seen_at      timestamptz,
  revoked_at        timestamptz
);
CREATE INDEX displays_room ON displays (room_id) WHERE revoked_at IS NULL;

-- A code shown on a tablet, waiting for an admin (10 minutes). `secret_hash` binds it to the tablet that
-- asked (a cookie of its own), so someone who reads the code off the screen cannot collect the token.
CREATE TABLE display_pairings (
  id          bigserial PRIMARY KEY,
  code        text NOT NULL UNIQUE CHECK (length(code) = 8),
  secret_hash text NOT NULL UNIQUE,
  display_id  integer REFERENCES displays (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

-- Pairing requests per client address and code entries per admin, counted here so every instance
-- enforces the same limits (like check_in_attempts).
CREATE TABLE display_attempts (
  id           bigserial PRIMARY KEY,
  key          text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX display_attempts_key ON display_attempts (key, attempted_at);

-- What a display did to a booking: "made by the display, recorded as such".
CREATE TABLE display_actions (
  id         bigserial PRIMARY KEY,
  display_id integer NOT NULL REFERENCES displays (id) ON DELETE CASCADE,
  booking_id bigint NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  action     text NOT NULL CHECK (action IN ('booked', 'checkedIn', 'ended')),
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX display_actions_booking ON display_actions (booking_id);
