-- Issue 25: a mail may carry an HTML rendering beside its plain text (the daily forecast's table). NULL:
-- plain text only, as every mail before. nodemailer sends both as multipart/alternative.
ALTER TABLE mail_outbox ADD COLUMN body_html text;
