-- Sign-in sessions (tower-sessions' SQLite store), in the same file as everything else.
-- expiry_date is a Unix timestamp; expired rows are deleted by a periodic task.
CREATE TABLE tower_sessions (
    id          TEXT PRIMARY KEY NOT NULL,
    data        BLOB NOT NULL,
    expiry_date INTEGER NOT NULL
);
CREATE INDEX tower_sessions_expiry ON tower_sessions (expiry_date);
-- Listing members and grants.
CREATE INDEX role_grants_role ON role_grants (role, granted_at);
