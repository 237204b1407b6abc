-- Issue 21 "Trace the real plan": plan images uploaded for a floorplan, drawn faintly under its layouts.
-- The layout drawing names one by id (drawing.underlay.imageId); the bytes live here, never in the drawing,
-- so a layout stays small and the image is fetched once and cached (its id never changes meaning).
-- Every upload is decoded and re-encoded by the server (PNG or WebP, metadata stripped, at most
-- 8,000 px a side), so what is stored and served is always a plain raster image: an SVG's scripts and
-- links do not survive. Rows are never updated; a new upload is a new row. An image stays while the
-- floorplan exists, since older (published) layouts may still name it.
CREATE TABLE floorplan_underlays (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  floorplan_id  integer NOT NULL REFERENCES floorplans (id) ON DELETE CASCADE,
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/webp')),
  width         integer NOT NULL CHECK (width BETWEEN 1 AND 8000),
  height        integer NOT NULL CHECK (height BETWEEN 1 AND 8000),
  bytes         bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 5242880),
  created_by    integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX floorplan_underlays_floorplan ON floorplan_underlays (floorplan_id);
