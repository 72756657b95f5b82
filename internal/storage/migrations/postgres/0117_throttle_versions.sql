-- Each instance keeps copies of the throttle rows it used, and an attempt
-- judged on them is written (or checked) only if each row's version is
-- still the copy's: every write takes a new version from this sequence, so
-- a row changed by another instance, or deleted and created again, no
-- longer matches. Rows written before this migration keep version 0.
CREATE SEQUENCE throttle_versions;
ALTER TABLE throttles ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
