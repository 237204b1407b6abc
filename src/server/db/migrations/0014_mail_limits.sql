-- Mail a person's actions send to other people (issue 18): on-behalf notices, approval requests.
-- One row per notice that reached someone other than the person, with how many addresses it went to;
-- the count of the last hour is checked before a notice is queued (features/notifications/mailLimit.ts).
-- In PostgreSQL so every instance counts the same mail. Rows older than an hour are deleted as the
-- person sends more, so the table stays small.
CREATE TABLE mail_sent_by (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  mails   integer NOT NULL CHECK (mails > 0)
);
CREATE INDEX mail_sent_by_user ON mail_sent_by (user_id, sent_at);
