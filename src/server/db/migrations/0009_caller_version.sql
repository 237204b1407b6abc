-- A per-person version stamp of what the session lookup derives for them: roles, teams, and (through
-- teams) the room-approver and site-level-admin flags. Row-level triggers bump it whenever one of
-- the person's role or team rows changes, so an instance may keep the derived part of a session in
-- memory, keyed by (person, this version, config_version), and still never serve a stale copy: every
-- request reads both versions with the session row, in one cheap primary-key lookup.
ALTER TABLE users ADD COLUMN caller_version bigint NOT NULL DEFAULT 1;

CREATE FUNCTION bump_caller_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE users SET caller_version = caller_version + 1 WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE users SET caller_version = caller_version + 1 WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_roles_bump_caller_version AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION bump_caller_version();
CREATE TRIGGER team_members_bump_caller_version AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION bump_caller_version();
