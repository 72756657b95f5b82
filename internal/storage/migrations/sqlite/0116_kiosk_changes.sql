-- PostgreSQL numbers the kiosk list's changes with a sequence from here on
-- (its 0116). On SQLite the one serving process counts them in memory;
-- timeclock_state stays, no longer written.
SELECT 1;
