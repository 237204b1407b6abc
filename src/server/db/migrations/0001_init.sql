-- Hotdesk data model (SPEC section 3). Hand-written SQL: the database guarantees what must never happen
-- (double bookings, overlapping desk bookings for one person, invalid statuses), so those rules live here.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE users (
  id             serial PRIMARY KEY,
  email          text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  email_key      text GENERATED ALWAYS AS (lower(email)) STORED UNIQUE,
  full_name      text NOT NULL DEFAULT '',
  password_hash  text,                      -- scrypt, local accounts only
  oidc_issuer    text,
  oidc_subject   text,
  organisation   text NOT NULL DEFAULT '',
  phone          text NOT NULL DEFAULT '',
  photo_type     text,
  photo_data     text,
  use_teams      boolean NOT NULL DEFAULT false,
  calendar_token text UNIQUE,               -- secret for the personal iCalendar feed
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (oidc_issuer, oidc_subject)
);

CREATE TABLE roles (
  id   integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);
INSERT INTO roles (id, name) VALUES (1, 'Admin'), (2, 'Reporting'), (3, 'Booking Manager'), (4, 'Not Restricted');

CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id),
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE teams (
  id   serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  name_key text GENERATED ALWAYS AS (lower(name)) STORED UNIQUE
);

CREATE TABLE team_members (
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members (user_id);

-- Tag types: 1 User, 2 Desk, 3 Room, 4 Location, 5 Site. Desk tags are also copied into the layout JSON.
CREATE TABLE tags (
  id      serial PRIMARY KEY,
  label   text NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  tooltip text NOT NULL DEFAULT '',
  type    smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
  UNIQUE (type, label)
);

CREATE TABLE tag_assignments (
  tag_id    integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  kind      smallint NOT NULL CHECK (kind BETWEEN 1 AND 5),
  target_id integer NOT NULL,
  PRIMARY KEY (kind, target_id, tag_id)
);

CREATE TABLE sites (
  id                   serial PRIMARY KEY,
  title                text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  address              text NOT NULL DEFAULT '',
  description          text NOT NULL DEFAULT '',
  post_code            text NOT NULL DEFAULT '',
  time_zone            text NOT NULL,
  site_level_parking   boolean NOT NULL DEFAULT false,
  parking_spaces       integer NOT NULL DEFAULT 0 CHECK (parking_spaces >= 0),
  notes                text NOT NULL DEFAULT '',
  notification_email   text NOT NULL DEFAULT '',
  room_booking_enabled boolean NOT NULL DEFAULT true,
  desk_booking_enabled boolean NOT NULL DEFAULT true,
  work_week_only       boolean NOT NULL DEFAULT false,
  restrict_room_access boolean NOT NULL DEFAULT false,
  restrict_desk_access boolean NOT NULL DEFAULT false,
  room_check_ins       boolean NOT NULL DEFAULT false,
  deleted_at           timestamptz           -- soft delete: past bookings keep their site for reports
);

CREATE TABLE locations (
  id                   serial PRIMARY KEY,
  site_id              integer NOT NULL REFERENCES sites (id),
  title                text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  building_name_no     text NOT NULL DEFAULT '',
  room_check_ins       boolean,              -- null: inherit the site's setting
  restrict_room_access boolean NOT NULL DEFAULT false,
  restrict_desk_access boolean NOT NULL DEFAULT false,
  deleted_at           timestamptz
);
CREATE INDEX locations_site ON locations (site_id);

CREATE TABLE rooms (
  id                   serial PRIMARY KEY,
  location_id          integer NOT NULL REFERENCES locations (id),
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  room_type            smallint NOT NULL CHECK (room_type IN (0, 1)),
  capacity             integer NOT NULL CHECK (capacity BETWEEN 1 AND 900),
  equipment            text NOT NULL DEFAULT '',
  notes                text NOT NULL DEFAULT '',
  hidden               boolean NOT NULL DEFAULT false,
  disabled             boolean NOT NULL DEFAULT false,
  restrict_room_access boolean NOT NULL DEFAULT false,
  room_check_ins       boolean,              -- null: inherit the location's, else the site's
  deleted_at           timestamptz
);
CREATE INDEX rooms_location ON rooms (location_id);

-- Who may do what where. access_type: 0 site resource admin (site-level admin), 1 room admin
-- (approver; grants booking in a restricted room), 2 desk access. Exactly one of user or team.
CREATE TABLE access_grants (
  id          serial PRIMARY KEY,
  scope       text NOT NULL CHECK (scope IN ('site', 'location', 'room')),
  scope_id    integer NOT NULL,
  access_type smallint NOT NULL CHECK (access_type IN (0, 1, 2)),
  user_id     integer REFERENCES users (id) ON DELETE CASCADE,
  team_id     integer REFERENCES teams (id) ON DELETE CASCADE,
  CHECK ((user_id IS NULL) <> (team_id IS NULL))
);
CREATE UNIQUE INDEX access_grants_unique ON access_grants (scope, scope_id, access_type, coalesce(user_id, 0), coalesce(team_id, 0));
CREATE INDEX access_grants_user ON access_grants (user_id);
CREATE INDEX access_grants_team ON access_grants (team_id);

-- Advance-booking limits. resource_type 1 Room, 2 Desk; type 1 Week, 2 Month, 3 Year.
-- Exactly one scope column is set; global limits live in global_settings.
CREATE TABLE booking_constraints (
  id            serial PRIMARY KEY,
  site_id       integer REFERENCES sites (id),
  location_id   integer REFERENCES locations (id),
  room_id       integer REFERENCES rooms (id),
  number        integer NOT NULL DEFAULT 0 CHECK (number >= 0),
  resource_type smallint NOT NULL CHECK (resource_type IN (1, 2)),
  type          smallint NOT NULL CHECK (type IN (1, 2, 3)),
  CHECK (num_nonnulls(site_id, location_id, room_id) = 1)
);

CREATE TABLE global_settings (
  id                      boolean PRIMARY KEY DEFAULT true CHECK (id), -- exactly one row
  maintenance_mode        boolean NOT NULL DEFAULT false,
  room_booking_enabled    boolean NOT NULL DEFAULT true,
  desk_booking_enabled    boolean NOT NULL DEFAULT true,
  desk_constraint_number  integer NOT NULL DEFAULT 0 CHECK (desk_constraint_number >= 0),
  desk_constraint_type    smallint NOT NULL DEFAULT 1 CHECK (desk_constraint_type IN (1, 2, 3)),
  room_constraint_number  integer NOT NULL DEFAULT 0 CHECK (room_constraint_number >= 0),
  room_constraint_type    smallint NOT NULL DEFAULT 1 CHECK (room_constraint_type IN (1, 2, 3))
);
INSERT INTO global_settings DEFAULT VALUES;

CREATE TABLE floorplans (
  id          serial PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations (id),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  deleted_at  timestamptz
);
CREATE INDEX floorplans_location ON floorplans (location_id);

CREATE TABLE layouts (
  id           serial PRIMARY KEY,
  floorplan_id integer NOT NULL REFERENCES floorplans (id),
  json         text NOT NULL,
  published    boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layouts_floorplan ON layouts (floorplan_id, id DESC);

-- One table for desk and room bookings: a booking is either a room booking (room_id) or a desk
-- booking (floorplan_id + desk_id). Site and location are copied in so reports survive deletions.
CREATE TABLE bookings (
  id                     bigserial PRIMARY KEY,
  site_id                integer NOT NULL REFERENCES sites (id),
  location_id            integer NOT NULL REFERENCES locations (id),
  room_id                integer REFERENCES rooms (id),
  floorplan_id           integer REFERENCES floorplans (id),
  layout_id              integer REFERENCES layouts (id),
  desk_id                text,
  desk_name              text,
  starts_at              timestamptz NOT NULL,
  finishes_at            timestamptz NOT NULL,
  during                 tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, finishes_at, '[)')) STORED,
  description            text NOT NULL DEFAULT '',
  on_behalf_of_email     text NOT NULL DEFAULT '',
  booked_by_user_id      integer NOT NULL REFERENCES users (id),
  -- whose booking it is: the on-behalf-of person when given, else the booker (lower-cased e-mail)
  holder_key             text NOT NULL,
  include_parking        boolean NOT NULL DEFAULT false,
  status                 smallint NOT NULL CHECK (status BETWEEN 0 AND 4),
  cancellation_reason    text NOT NULL DEFAULT '',
  cancelled_by_admin     boolean NOT NULL DEFAULT false,
  cancelled_by_user_id   integer REFERENCES users (id),
  cancelled_at           timestamptz,
  checked_in_by_user_id  integer REFERENCES users (id),
  checked_in_by_name     text,
  checked_in_at          timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK (finishes_at > starts_at),
  CHECK ((room_id IS NOT NULL AND desk_id IS NULL AND floorplan_id IS NULL)
      OR (room_id IS NULL AND desk_id IS NOT NULL AND floorplan_id IS NOT NULL)),
  -- No double booking, ever: active (Pending 0, Approved 1) bookings of one room or one desk never overlap.
  CONSTRAINT room_not_double_booked EXCLUDE USING gist (room_id WITH =, during WITH &&)
    WHERE (room_id IS NOT NULL AND status IN (0, 1)),
  CONSTRAINT desk_not_double_booked EXCLUDE USING gist (floorplan_id WITH =, desk_id WITH =, during WITH &&)
    WHERE (desk_id IS NOT NULL AND status IN (0, 1)),
  -- One person holds at most one desk at a time.
  CONSTRAINT person_one_desk_at_a_time EXCLUDE USING gist (holder_key WITH =, during WITH &&)
    WHERE (desk_id IS NOT NULL AND status IN (0, 1))
);
CREATE INDEX bookings_booked_by ON bookings (booked_by_user_id, starts_at DESC);
CREATE INDEX bookings_holder ON bookings (holder_key, starts_at DESC);
CREATE INDEX bookings_site_start ON bookings (site_id, starts_at);
CREATE INDEX bookings_starts ON bookings (starts_at);
CREATE INDEX bookings_pending_room ON bookings (room_id) WHERE status = 0;
CREATE INDEX bookings_parking ON bookings USING gist (site_id, during) WHERE include_parking AND status IN (0, 1);

-- Server-side sessions, shared by every app instance. Only a hash of the cookie value is stored.
CREATE TABLE sessions (
  id_hash      text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  user_agent   text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- Failed sign-in attempts, per account and per address, shared by every instance (rate limiting).
CREATE TABLE sign_in_failures (
  id        bigserial PRIMARY KEY,
  key       text NOT NULL,           -- 'email:<lower email>' or 'ip:<address>'
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_key ON sign_in_failures (key, failed_at);

-- One-time link for the first person to create the admin account when none is configured.
CREATE TABLE setup_tokens (
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz
);

-- OpenID Connect round-trip state (PKCE verifier, nonce, return path), shared by every instance.
CREATE TABLE oidc_states (
  state         text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce         text NOT NULL,
  return_to     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_subscriptions (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint   text NOT NULL UNIQUE,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Outgoing mail is written here in the booking's transaction and sent by a job, so a failing
-- mail server never loses or blocks a booking.
CREATE TABLE mail_outbox (
  id           bigserial PRIMARY KEY,
  to_address   text NOT NULL,
  subject      text NOT NULL,
  body_text    text NOT NULL,
  ics          text,
  attempts     integer NOT NULL DEFAULT 0,
  next_try_at  timestamptz NOT NULL DEFAULT now(),
  sent_at      timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_try_at) WHERE sent_at IS NULL;

-- Small secrets and facts the app keeps for itself (VAPID keys, ...).
CREATE TABLE app_state (
  key   text PRIMARY KEY,
  value text NOT NULL
);
