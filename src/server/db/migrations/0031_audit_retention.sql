-- Issue 25: the audit log of administrative actions, and retention.
--
-- audit_log: one row per administrative action (role and team changes, settings, restrictions,
-- closures, cancellations by admins, erasures, display pairing, the retention job's runs), written in
-- the same transaction as the action where it has one (src/server/features/audit/recordAudit.ts), so a
-- rolled-back action leaves no entry. actor_name is the name at the time (a later rename does not
-- rewrite history); actor_id is NULL for the system (the retention job). changes holds only the fields
-- that changed, as {"Field": {"before": .., "after": ..}}; never secrets or tokens. Rows are kept for
-- global_settings.audit_retention_months and then pruned by a daily job.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    integer REFERENCES users (id) ON DELETE SET NULL,
  actor_name  text NOT NULL CHECK (length(actor_name) <= 400),
  action      text NOT NULL CHECK (length(action) BETWEEN 1 AND 60),
  target_type text NOT NULL CHECK (length(target_type) BETWEEN 1 AND 40),
  target_id   text CHECK (length(target_id) <= 100),
  changes     jsonb NOT NULL DEFAULT '{}'::jsonb
);
-- The screen reads newest first, by period, optionally narrowed to one action or one actor; the cursor
-- is (at, id). Pruning walks the same (at) order.
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at ON audit_log (action, at DESC, id DESC);
CREATE INDEX audit_log_actor_at ON audit_log (actor_id, at DESC, id DESC) WHERE actor_id IS NOT NULL;

-- The two periods, beside the other organisation-wide settings (saving them bumps the configuration
-- version like every global setting, migration 0008):
-- - audit_retention_months: how long audit entries are kept (default 24 months, 1 to 120).
-- - booking_retention_months: bookings that started longer ago are anonymised; NULL = off (the default:
--   turning it on is the organisation's choice), else 1 to 240 months.
ALTER TABLE global_settings
  ADD COLUMN audit_retention_months smallint NOT NULL DEFAULT 24 CHECK (audit_retention_months BETWEEN 1 AND 120),
  ADD COLUMN booking_retention_months smallint CHECK (booking_retention_months BETWEEN 1 AND 240);

-- A booking the retention job has anonymised: set once, in the same statement that clears it, so a
-- second run (or another instance running at the same moment) never takes it again.
ALTER TABLE bookings ADD COLUMN anonymised_at timestamptz;

-- Daily jobs run at most once per day across all instances: the instance whose INSERT of the day wins
-- does the work; the others (waiting on the same key until it commits) find the day taken.
CREATE TABLE daily_job_runs (
  job  text NOT NULL,
  day  date NOT NULL,
  done integer NOT NULL DEFAULT 0,
  PRIMARY KEY (job, day)
);
