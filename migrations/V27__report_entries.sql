-- Captains' reports sent from a phone's outbox: one more kind of a device's numbered entries
-- (`sync_devices` keeps the phone's last number). Every entry is kept with what became of it, so
-- a replay is answered the same, including the ones refused for good (their match may be gone,
-- hence no foreign key on match_id). An accepted report is in `match_reports` as well, its
-- `client_id` the entry's id; a dispute it raised is listed with the phones' score conflicts
-- while the match's report stays disputed.
CREATE TABLE report_entries (
    entry_id    TEXT PRIMARY KEY CHECK (length(entry_id) BETWEEN 1 AND 64),
    device_id   TEXT NOT NULL CHECK (length(device_id) BETWEEN 1 AND 64),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    match_id    INTEGER NOT NULL,
    user_id     TEXT REFERENCES users(id) ON DELETE SET NULL,
    received_at TEXT NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('applied', 'duplicate', 'conflict', 'rejected')),
    -- The catalogue code of a rejection.
    code        TEXT CHECK ((outcome = 'rejected') = (code IS NOT NULL)),
    UNIQUE (device_id, seq)
) STRICT;
CREATE INDEX report_entries_disputes ON report_entries (match_id) WHERE outcome = 'conflict';
