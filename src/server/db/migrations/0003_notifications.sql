-- Push messages wait here until the push job sends them (issue 7), like mail in mail_outbox:
-- written in the same transaction as the change they announce, so nothing is lost or sent twice.
CREATE TABLE push_outbox (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title       text NOT NULL,
  body        text NOT NULL,
  url         text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  next_try_at timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz,
  last_error  text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_outbox_due ON push_outbox (next_try_at) WHERE sent_at IS NULL;
