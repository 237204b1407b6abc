-- Issue 20: a person's favourite desks ("Book my usual desk"). A person's own list: rows go with the
-- person (ON DELETE CASCADE) and with nothing else, so a favourite on a floorplan deleted later stays
-- listed (marked as gone by the read) until its owner removes it. The desk's name is copied in when it is
-- marked, so reading the list never parses a layout drawing. At most 50 per person (the service's check,
-- under a per-person advisory lock so two tabs cannot pass it together).
CREATE TABLE favourite_desks (
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  floorplan_id integer NOT NULL REFERENCES floorplans (id),
  desk_id      text NOT NULL CHECK (length(desk_id) BETWEEN 1 AND 100),
  desk_name    text NOT NULL CHECK (length(desk_name) BETWEEN 1 AND 100),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, floorplan_id, desk_id)
);
