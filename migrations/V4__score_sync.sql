-- Issue 13: scores entered on phones, pushed later. Each device numbers its entries 1, 2, 3…;
-- `sync_devices` holds the last number applied, written in the same transaction as the entry,
-- so a replay changes nothing and a gap is refused. `score_entries` (never written before this
-- version) is rebuilt: every entry is kept with its outcome, including the ones refused for good
-- (their match may be gone, hence no foreign key on match_id) and the conflicts an admin settles.

DROP TABLE score_entries;

CREATE TABLE score_entries (
    entry_id      TEXT PRIMARY KEY CHECK (length(entry_id) BETWEEN 1 AND 64),
    device_id     TEXT NOT NULL CHECK (length(device_id) BETWEEN 1 AND 64),
    seq           INTEGER NOT NULL CHECK (seq >= 1),
    match_id      INTEGER NOT NULL,
    tournament_id INTEGER,
    team1_score   INTEGER NOT NULL CHECK (team1_score >= 0),
    team2_score   INTEGER NOT NULL CHECK (team2_score >= 0),
    base_version  INTEGER NOT NULL CHECK (base_version >= 0),
    entered_at    TEXT NOT NULL,
    user_id       TEXT REFERENCES users(id) ON DELETE SET NULL,
    received_at   TEXT NOT NULL,
    outcome       TEXT NOT NULL CHECK (outcome IN ('applied', 'duplicate', 'conflict', 'rejected')),
    -- The catalogue code of a rejection.
    code          TEXT CHECK ((outcome = 'rejected') = (code IS NOT NULL)),
    -- A conflict settled by an admin: which score was kept.
    resolution    TEXT CHECK (resolution IS NULL OR (outcome = 'conflict' AND resolution IN ('current', 'proposed'))),
    resolved_by   TEXT REFERENCES users(id) ON DELETE SET NULL,
    resolved_at   TEXT,
    UNIQUE (device_id, seq)
);

-- At most one entry ever applied to a match: a score is never applied twice.
CREATE UNIQUE INDEX score_entries_one_applied ON score_entries (match_id) WHERE outcome = 'applied';
CREATE INDEX score_entries_open_conflicts ON score_entries (tournament_id) WHERE outcome = 'conflict' AND resolution IS NULL;
CREATE INDEX score_entries_match ON score_entries (match_id);

CREATE TABLE sync_devices (
    device_id  TEXT PRIMARY KEY,
    last_seq   INTEGER NOT NULL CHECK (last_seq >= 0),
    updated_at TEXT NOT NULL
);
