-- Housekeeping finds what to purge by index, not by scanning: throttle rows
-- idle for a day (every failed sign-in with a new email adds one) and
-- sign-in tokens long expired.
CREATE INDEX throttles_updated ON throttles(updated_at);
CREATE INDEX auth_tokens_expires ON auth_tokens(expires_at);
