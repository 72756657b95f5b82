-- The kiosk list's changes are numbered by a sequence, not by a row every
-- change updates: a punch took timeclock_state's row lock and held it
-- through its commit's flush to disk, so punches from every instance
-- committed one at a time. nextval waits for no other transaction. An
-- instance re-reads the last number to find a change whose notification
-- (NOTIFY packline_kiosk, sent after the commit) never came.
-- timeclock_state stays, no longer written.
CREATE SEQUENCE timeclock_kiosk_changes;
SELECT setval('timeclock_kiosk_changes', GREATEST((SELECT version FROM timeclock_state WHERE id = 1), 1));
