-- Issue 24 leftovers: a site's door displays dim on its own hours instead of the fixed 20:00-07:00.
-- Minutes since the site's local midnight (0-1439). Both NULL: the default, 20:00 to 07:00 (existing
-- sites keep it). Both equal: "off", the displays never dim (a zero-length span). A span may cross
-- midnight (from > to). Set both or neither.
ALTER TABLE sites
  ADD COLUMN display_dim_from_minutes smallint CHECK (display_dim_from_minutes BETWEEN 0 AND 1439),
  ADD COLUMN display_dim_to_minutes smallint CHECK (display_dim_to_minutes BETWEEN 0 AND 1439),
  ADD CONSTRAINT sites_display_dim_whole CHECK ((display_dim_from_minutes IS NULL) = (display_dim_to_minutes IS NULL));
