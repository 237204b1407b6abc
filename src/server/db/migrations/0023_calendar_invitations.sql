-- Issue 23: invitations that update in place.
--
-- bookings.ics_sequence is the SEQUENCE of the booking's calendar object (iTIP, RFC 5546): a calendar
-- replaces its copy only with a higher one. A trigger raises it on every UPDATE of the row, so every
-- path that changes a booking (approval, edit, cancellation, closures, no-show release, series
-- management) raises it without knowing about calendars, and two changes within one second still
-- differ (updated_at, which it replaces for this, has whole seconds in the SEQUENCE). Rows that
-- already exist start where the old SEQUENCE (seconds of updated_at, below 2,000,000,000) left off,
-- so the calendars that hold them accept the next change; that leaves ~147 million changes of one
-- booking below 2^31. A series' SEQUENCE is the sum over its occurrences, so occurrences start at 0.
ALTER TABLE bookings ADD COLUMN ics_sequence integer NOT NULL DEFAULT 0;
UPDATE bookings SET ics_sequence = (floor(extract(epoch FROM updated_at))::bigint % 2000000000)::integer
  WHERE series_id IS NULL;

CREATE FUNCTION bookings_bump_ics_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ics_sequence := OLD.ics_sequence + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER bookings_ics_sequence BEFORE UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_bump_ics_sequence();

-- A person may turn off the calendar objects in their booking mail (profile); on unless they do.
ALTER TABLE users ADD COLUMN calendar_invitations boolean NOT NULL DEFAULT true;
