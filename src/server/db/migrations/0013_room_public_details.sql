-- Issue 18: what the anonymous check-in page (the QR code on a room's door) may show. Meeting
-- descriptions are shown to anonymous visitors (and to signed-in people who have nothing to do with
-- the meeting) only when the room's admins turn this on. Off by default; never on for clinical rooms
-- (room_type 1) nor for restricted rooms (restrict_room_access): the rooms service turns it off when
-- a room becomes either, and the check constraint makes sure nothing else stores it on.
ALTER TABLE rooms
  ADD COLUMN check_in_shows_descriptions boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT rooms_check_in_descriptions_public_rooms_only
    CHECK (NOT check_in_shows_descriptions OR (room_type = 0 AND NOT restrict_room_access));
