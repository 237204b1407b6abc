-- Issue 24, live updates: every change to a booking that a screen shows is announced on the channel
-- 'hotdesk_live' (pg_notify), from the database, so every path that writes bookings (single, series,
-- batchers, closures, no-show, approvals, check-in, cancellation) is covered without code of its own.
-- Each instance of the app LISTENs on one connection and forwards to its live clients
-- (src/server/features/live). The payload holds ids, kinds, times and status only: never names,
-- e-mails or descriptions. The holder key (an e-mail) travels to the app, which uses it only to mark
-- "your booking" and never forwards it; it is bounded (e-mail length) so the payload stays far below
-- NOTIFY's 8,000-byte limit (a typical payload is ~250 bytes).
--
-- NOTIFY is sent at commit (and only then), in commit order, to every listener: a rolled-back booking
-- announces nothing. Updates that change nothing a screen shows (reminder marks, ics_sequence) are
-- skipped by the WHEN clause, so the trigger costs nothing for them.
CREATE OR REPLACE FUNCTION booking_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hotdesk_live', json_build_object(
    'b', NEW.id,
    'k', CASE WHEN NEW.room_id IS NULL THEN 'desk' ELSE 'room' END,
    's', NEW.site_id,
    'l', NEW.location_id,
    'f', NEW.floorplan_id,
    'r', NEW.room_id,
    'd', NEW.desk_id,
    'a', extract(epoch FROM NEW.starts_at)::bigint,
    'z', extract(epoch FROM NEW.finishes_at)::bigint,
    'st', NEW.status,
    'ps', CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END,
    'ci', NEW.checked_in_at IS NOT NULL,
    'o', NEW.booked_by_user_id,
    'h', left(NEW.holder_key, 320)
  )::text);
  RETURN NULL;
END $$;

CREATE TRIGGER bookings_live_notify_insert AFTER INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_live_notify();

CREATE TRIGGER bookings_live_notify_update AFTER UPDATE ON bookings
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
    OR OLD.finishes_at IS DISTINCT FROM NEW.finishes_at OR OLD.room_id IS DISTINCT FROM NEW.room_id
    OR OLD.desk_id IS DISTINCT FROM NEW.desk_id OR OLD.floorplan_id IS DISTINCT FROM NEW.floorplan_id
    OR OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.checked_in_at IS DISTINCT FROM NEW.checked_in_at OR OLD.description IS DISTINCT FROM NEW.description
  ) EXECUTE FUNCTION booking_live_notify();
