-- A mail written to the log because no SMTP server is set (no --smtp-url)
-- is 'logged', not 'sent': nobody received it.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'sent', 'logged', 'failed'));
