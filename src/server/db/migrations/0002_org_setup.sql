-- Organisation set-up (issue 10): access lists, booking constraints per level, deletion safety.

-- Is the person listed at this level with one of these access types, directly or through a team?
-- One definition, used by every list query (sites, locations, rooms) and later by bookings.
CREATE FUNCTION access_listed(p_scope text, p_scope_id integer, p_types smallint[], p_user integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM access_grants g
    WHERE g.scope = p_scope AND g.scope_id = p_scope_id AND g.access_type = ANY (p_types)
      AND (g.user_id = p_user OR g.team_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.user_id = p_user)))
$$;

-- At most one room and one desk constraint per site, location and room.
CREATE UNIQUE INDEX booking_constraints_site ON booking_constraints (site_id, resource_type) WHERE site_id IS NOT NULL;
CREATE UNIQUE INDEX booking_constraints_location ON booking_constraints (location_id, resource_type) WHERE location_id IS NOT NULL;
CREATE UNIQUE INDEX booking_constraints_room ON booking_constraints (room_id, resource_type) WHERE room_id IS NOT NULL;

CREATE INDEX tag_assignments_tag ON tag_assignments (tag_id);

-- Deletion checks count active future bookings per location and per room.
CREATE INDEX bookings_active_location ON bookings (location_id, finishes_at) WHERE status IN (0, 1);
CREATE INDEX bookings_active_room ON bookings (room_id, finishes_at) WHERE room_id IS NOT NULL AND status IN (0, 1);

-- No active booking ever lands in a deleted site, location or room. Deleting takes the place's row
-- FOR UPDATE before counting active bookings; this trigger takes FOR KEY SHARE on the same rows, so a
-- booking saved at the same moment either is counted (and the deletion refused) or is refused here.
CREATE FUNCTION booking_place_is_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN (0, 1) THEN
    RETURN NEW;
  END IF;
  -- Updates that neither activate the booking nor move it (check-in, description) are left alone.
  IF TG_OP = 'UPDATE' AND OLD.status IN (0, 1) AND NEW.site_id = OLD.site_id AND NEW.location_id = OLD.location_id
     AND NEW.room_id IS NOT DISTINCT FROM OLD.room_id THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM sites WHERE id = NEW.site_id AND deleted_at IS NULL FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'The site of this booking has been deleted.' USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_place_live';
  END IF;
  PERFORM 1 FROM locations WHERE id = NEW.location_id AND deleted_at IS NULL FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'The location of this booking has been deleted.' USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_place_live';
  END IF;
  IF NEW.room_id IS NOT NULL THEN
    PERFORM 1 FROM rooms WHERE id = NEW.room_id AND deleted_at IS NULL FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'The room of this booking has been deleted.' USING ERRCODE = 'check_violation', CONSTRAINT = 'booking_place_live';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER bookings_place_live BEFORE INSERT OR UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_place_is_live();
