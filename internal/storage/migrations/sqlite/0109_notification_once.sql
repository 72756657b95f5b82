-- A notice someone can repeat at will carries the subject it is about
-- (once_key): a recipient gets one per subject per period at most, found by
-- notifications_once. Read notifications are deleted after a retention,
-- oldest first by notifications_read.
ALTER TABLE notifications ADD COLUMN once_key TEXT;
CREATE INDEX notifications_once ON notifications(user_id, once_key, created_at) WHERE once_key IS NOT NULL;
CREATE INDEX notifications_read ON notifications(created_at) WHERE read_at IS NOT NULL;
