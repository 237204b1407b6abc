-- Web push (issue 7). A message goes to every subscription of its person; when some succeed and others
-- must be retried, the retry skips those already delivered, so nobody gets the same notice twice.
ALTER TABLE push_outbox
  ADD COLUMN delivered_subscription_ids integer[] NOT NULL DEFAULT '{}',
  -- Set when the job stops retrying (too many attempts); the row is kept for diagnosis, then purged.
  ADD COLUMN gave_up_at timestamptz;

-- Looking up a person's subscriptions when sending.
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
