-- Issue 23: booking a room by inviting it.
--
-- A room's booking address (room-severn@book.example.org), set by an admin; null means "derived from
-- INBOUND_ROOM_ADDRESS_PATTERN, if set". Stored in lower case (mail addresses are matched without
-- case), unique among rooms that are not deleted.
ALTER TABLE rooms ADD COLUMN booking_address text
  CHECK (booking_address = lower(booking_address) AND length(booking_address) BETWEEN 3 AND 320);
CREATE UNIQUE INDEX rooms_booking_address ON rooms (booking_address) WHERE booking_address IS NOT NULL AND deleted_at IS NULL;

-- Every message the SMTP listener accepted, as received: any instance's listener writes it, one job
-- run on some instance processes it (FOR UPDATE SKIP LOCKED) and stamps processed_at. Rows stay a day
-- after processing, for the per-sender hourly count and for support, then the job deletes them.
CREATE TABLE inbound_mail (
  id            bigserial PRIMARY KEY,
  received_at   timestamptz NOT NULL DEFAULT now(),
  remote_ip     text NOT NULL,
  -- The envelope sender (MAIL FROM), lower case: what the hourly count is kept by.
  sender_key    text NOT NULL,
  recipients    text[] NOT NULL,
  raw           bytea NOT NULL,
  processed_at  timestamptz,
  outcome       text
);
CREATE INDEX inbound_mail_unprocessed ON inbound_mail (id) WHERE processed_at IS NULL;
CREATE INDEX inbound_mail_sender_recent ON inbound_mail (sender_key, received_at);

-- An invitation's booking: the calendar event (UID) of one organizer, sent to one room. What was last
-- applied (DTSTAMP, SEQUENCE and a hash of the times and title) decides whether a later REQUEST with
-- the same UID is newer and changes anything: Google sends changes with SEQUENCE still 0.
CREATE TABLE inbound_invitations (
  room_id         integer NOT NULL REFERENCES rooms (id),
  uid             text NOT NULL CHECK (length(uid) BETWEEN 1 AND 1000),
  organizer_key   text NOT NULL,
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  booking_id      bigint REFERENCES bookings (id) ON DELETE SET NULL,
  sequence        integer NOT NULL,
  dtstamp         timestamptz NOT NULL,
  content_hash    text NOT NULL,
  summary         text NOT NULL DEFAULT '',
  -- The reply's recipient: the ORGANIZER's address as the invitation gave it.
  organizer_email text NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, uid)
);
CREATE UNIQUE INDEX inbound_invitations_booking ON inbound_invitations (booking_id) WHERE booking_id IS NOT NULL;
