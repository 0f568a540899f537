-- Tournaments for real (issue 12): pools sharing the courts, a version that grows with every
-- change (live pages and offline sync follow it), the schedule's quality as measured at
-- generation, and matches whose schedule the database itself keeps consistent. No code wrote
-- `matches` or `score_entries` before this version, so they are rebuilt rather than altered.

ALTER TABLE tournaments ADD COLUMN pool_count INTEGER NOT NULL DEFAULT 1 CHECK (pool_count BETWEEN 1 AND 4);
ALTER TABLE tournaments ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE tournaments ADD COLUMN quality_json TEXT;

DROP TABLE score_entries;
DROP TABLE matches;

CREATE TABLE matches (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round_type     TEXT NOT NULL CHECK (round_type IN ('pool', 'quarterfinal', 'semifinal', 'final')),
    round_name     TEXT NOT NULL,
    -- 'QF1'..'QF4', 'SF1', 'SF2', 'F' for knockout matches; none for pool matches.
    bracket_code   TEXT CHECK (bracket_code IS NULL OR bracket_code IN ('QF1', 'QF2', 'QF3', 'QF4', 'SF1', 'SF2', 'F')),
    -- 0-based pool of a pool match.
    pool           INTEGER CHECK (pool IS NULL OR pool BETWEEN 0 AND 3),
    status         TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'in_progress', 'completed')),
    -- A deleted team leaves its played matches with an empty side: they stop counting.
    team1_id       INTEGER REFERENCES event_registrations(id) ON DELETE SET NULL,
    team2_id       INTEGER REFERENCES event_registrations(id) ON DELETE SET NULL,
    -- The bracket code whose winner fills this side.
    team1_from     TEXT,
    team2_from     TEXT,
    team1_score    INTEGER CHECK (team1_score IS NULL OR team1_score BETWEEN 0 AND 999),
    team2_score    INTEGER CHECK (team2_score IS NULL OR team2_score BETWEEN 0 AND 999),
    -- The side whose team was withdrawn after the draw: the other side wins.
    forfeit_side   INTEGER CHECK (forfeit_side IS NULL OR forfeit_side IN (1, 2)),
    scheduled_time TEXT,
    court_number   INTEGER NOT NULL CHECK (court_number BETWEEN 1 AND 4),
    -- 0-based time slot: slot i starts at start_time + i x (duration + break).
    slot_index     INTEGER NOT NULL CHECK (slot_index >= 0),
    version        INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    updated_at     TEXT NOT NULL,
    CHECK (team1_id IS NULL OR team2_id IS NULL OR team1_id <> team2_id),
    CHECK ((round_type = 'pool') = (bracket_code IS NULL)),
    CHECK ((round_type = 'pool') = (pool IS NOT NULL)),
    CHECK (status <> 'completed' OR forfeit_side IS NOT NULL OR (team1_score IS NOT NULL AND team2_score IS NOT NULL)),
    CHECK (round_type = 'pool' OR forfeit_side IS NOT NULL OR team1_score IS NULL OR team1_score <> team2_score),
    -- One match per court at a time.
    UNIQUE (tournament_id, slot_index, court_number),
    UNIQUE (tournament_id, bracket_code)
) STRICT;
CREATE INDEX matches_tournament ON matches (tournament_id, slot_index);
CREATE INDEX matches_team1 ON matches (team1_id);
CREATE INDEX matches_team2 ON matches (team2_id);

-- No team plays twice at one time, whatever the code does.
CREATE TRIGGER matches_team_once_per_slot_insert BEFORE INSERT ON matches
WHEN EXISTS (
    SELECT 1 FROM matches m
    WHERE m.tournament_id = NEW.tournament_id AND m.slot_index = NEW.slot_index
      AND (m.team1_id IN (NEW.team1_id, NEW.team2_id) OR m.team2_id IN (NEW.team1_id, NEW.team2_id))
)
BEGIN
    SELECT RAISE(ABORT, 'a team cannot play twice at the same time');
END;

CREATE TRIGGER matches_team_once_per_slot_update BEFORE UPDATE OF team1_id, team2_id, slot_index ON matches
WHEN EXISTS (
    SELECT 1 FROM matches m
    WHERE m.tournament_id = NEW.tournament_id AND m.slot_index = NEW.slot_index AND m.id <> NEW.id
      AND (m.team1_id IN (NEW.team1_id, NEW.team2_id) OR m.team2_id IN (NEW.team1_id, NEW.team2_id))
)
BEGIN
    SELECT RAISE(ABORT, 'a team cannot play twice at the same time');
END;

-- Who set or changed a score, and when: scores, corrections and forfeits.
CREATE TABLE match_score_history (
    id                   INTEGER PRIMARY KEY,
    match_id             INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    kind                 TEXT NOT NULL CHECK (kind IN ('score', 'correction', 'forfeit')),
    team1_score          INTEGER,
    team2_score          INTEGER,
    previous_team1_score INTEGER,
    previous_team2_score INTEGER,
    changed_by           TEXT REFERENCES users(id) ON DELETE SET NULL,
    changed_at           TEXT NOT NULL
) STRICT;
CREATE INDEX match_score_history_match ON match_score_history (match_id, id);

-- Offline score entries: idempotent by the client's entry id (the offline scoring issue).
CREATE TABLE score_entries (
    entry_id    TEXT PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    team1_score INTEGER NOT NULL CHECK (team1_score >= 0),
    team2_score INTEGER NOT NULL CHECK (team2_score >= 0),
    entered_at  TEXT NOT NULL,
    device_id   TEXT NOT NULL,
    user_id     TEXT REFERENCES users(id) ON DELETE SET NULL,
    received_at TEXT NOT NULL
) STRICT;
