-- Issue 23: what the room last told an organizer it holds for their meeting, one row per booking made
-- or moved by invitation (a single booking, or each occurrence of a series). When the booking no longer
-- matches (cancelled in Hotdesk, by an admin, a closure or the no-show job; its times changed on the
-- screen), the inbound job answers the organizer again (iTIP REPLY DECLINED, with the reason) and
-- deletes the row, so each change is answered once whichever instance sees it (FOR UPDATE SKIP LOCKED).
-- Changes the organizer made themselves (their CANCEL or changed REQUEST) update or delete the rows in
-- the same transaction, so they are never answered twice.
CREATE TABLE inbound_invitation_answers (
  booking_id     bigint PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  room_id        integer NOT NULL,
  uid            text NOT NULL,
  -- The occurrence's start as the organizer's series has it (their RECURRENCE-ID); null for a single meeting.
  recurrence_id  timestamptz,
  sequence       integer NOT NULL,
  starts_at      timestamptz NOT NULL,
  finishes_at    timestamptz NOT NULL,
  -- 0 Pending (told TENTATIVE) or 1 Approved (told ACCEPTED): a series decided later is answered again.
  status         smallint NOT NULL CHECK (status IN (0, 1)),
  FOREIGN KEY (room_id, uid) REFERENCES inbound_invitations (room_id, uid) ON DELETE CASCADE
);
CREATE INDEX inbound_invitation_answers_link ON inbound_invitation_answers (room_id, uid);
