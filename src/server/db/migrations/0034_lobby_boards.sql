-- Issue 24, lobby boards (src/server/features/displays/lobby*): a display paired to a SITE rather than a
-- room. Same table, same token, pairing, revocation and audit as the door displays (0028): a display
-- has exactly one target, a room (door display) or a site (lobby board).

ALTER TABLE displays ALTER COLUMN room_id DROP NOT NULL;
ALTER TABLE displays ADD COLUMN site_id integer REFERENCES sites (id) ON DELETE CASCADE;
ALTER TABLE displays ADD CONSTRAINT displays_one_target CHECK ((room_id IS NULL) <> (site_id IS NULL));
CREATE INDEX displays_site ON displays (site_id) WHERE revoked_at IS NULL;
