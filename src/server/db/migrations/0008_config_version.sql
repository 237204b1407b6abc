-- A version stamp of the organisation's configuration: any change to settings, places, layouts,
-- constraints or access lists bumps it (statement-level triggers). The session lookup reads it in the
-- same round trip, so an instance can reuse configuration it cached for that version and never use
-- a stale copy, without a query per request and without any message between instances.
CREATE TABLE config_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO config_version DEFAULT VALUES;

CREATE FUNCTION bump_config_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_version SET version = version + 1;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['global_settings', 'sites', 'locations', 'rooms', 'floorplans', 'layouts', 'booking_constraints', 'access_grants']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_config_version()',
      t || '_bump_config_version', t);
  END LOOP;
END $$;
