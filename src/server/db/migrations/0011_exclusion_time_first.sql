-- Desk booking throughput (issue 9). The two desk exclusion constraints were most of PostgreSQL's work
-- per desk booking: measured on 200,000 bookings, inserting 20-row batches cost 0.35 ms of backend CPU
-- per row, of which these two GiST indexes took ~0.24 ms (0.11 ms with neither). With the time range
-- as the first column, GiST groups entries by time first, so an insert descends and the overlap check
-- searches far fewer candidate entries: desk 0.135 -> 0.095 ms per row, person 0.12 -> 0.105 ms
-- (bench/README.md). Same constraints, same names (the 409 messages are keyed on them), same rule.
-- On a large bookings table this rebuilds both indexes under an exclusive lock: run it in a quiet hour.
ALTER TABLE bookings
  DROP CONSTRAINT desk_not_double_booked,
  DROP CONSTRAINT person_one_desk_at_a_time,
  ADD CONSTRAINT desk_not_double_booked EXCLUDE USING gist (during WITH &&, desk_id WITH =, floorplan_id WITH =)
    WHERE (desk_id IS NOT NULL AND status IN (0, 1)),
  ADD CONSTRAINT person_one_desk_at_a_time EXCLUDE USING gist (during WITH &&, holder_key WITH =)
    WHERE (desk_id IS NOT NULL AND status IN (0, 1));
