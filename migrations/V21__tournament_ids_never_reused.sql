-- A tournament deleted and made again gives its matches new ids. A phone's score entries stay
-- after their match is gone (score_entries keeps the match's id, not a reference: the entries are
-- the phone's record), so a new match given an old id met the old match's applied score. Like
-- V8, tournaments and matches are rebuilt with AUTOINCREMENT (SQLite's 12-step procedure, every
-- column, default, CHECK, reference, index and trigger unchanged; the migrations run with foreign
-- keys off and tables that refer to these name them by name). Each sequence then starts above
-- every id a score entry or a score's history still names, so even ids deleted before this
-- version are not given again.

CREATE TABLE tournaments_v21 (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id               INTEGER NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE,
    name                   TEXT NOT NULL,
    status                 TEXT NOT NULL DEFAULT 'setup' CHECK (status IN ('setup', 'in_progress', 'completed')),
    courts_available       INTEGER NOT NULL DEFAULT 2 CHECK (courts_available BETWEEN 1 AND 4),
    match_duration_minutes INTEGER NOT NULL DEFAULT 20 CHECK (match_duration_minutes BETWEEN 10 AND 60),
    break_between_matches  INTEGER NOT NULL DEFAULT 10 CHECK (break_between_matches BETWEEN 5 AND 30),
    start_time             TEXT,
    created_at             TEXT NOT NULL,
    pool_count             INTEGER NOT NULL DEFAULT 1 CHECK (pool_count BETWEEN 1 AND 4),
    version                INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    quality_json           TEXT,
    pool_format            TEXT CHECK (pool_format IS NULL OR json_valid(pool_format)),
    knockout_format        TEXT CHECK (knockout_format IS NULL OR json_valid(knockout_format))
) STRICT;

INSERT INTO tournaments_v21 (id, event_id, name, status, courts_available, match_duration_minutes,
    break_between_matches, start_time, created_at, pool_count, version, quality_json, pool_format, knockout_format)
SELECT id, event_id, name, status, courts_available, match_duration_minutes,
    break_between_matches, start_time, created_at, pool_count, version, quality_json, pool_format, knockout_format
FROM tournaments;
DROP TABLE tournaments;
ALTER TABLE tournaments_v21 RENAME TO tournaments;

CREATE TABLE matches_v21 (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
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
    -- Each set's points where the phase is played in sets (V7).
    sets           TEXT CHECK (sets IS NULL OR json_valid(sets)),
    -- The withdrawn registration of a side, kept beside the emptied team reference (V9).
    team1_withdrawn INTEGER REFERENCES withdrawn_teams(registration_id),
    team2_withdrawn INTEGER REFERENCES withdrawn_teams(registration_id),
    -- When a scorekeeper marked the match started (V13).
    started_at     TEXT,
    CHECK (team1_id IS NULL OR team2_id IS NULL OR team1_id <> team2_id),
    CHECK ((round_type = 'pool') = (bracket_code IS NULL)),
    CHECK ((round_type = 'pool') = (pool IS NOT NULL)),
    CHECK (status <> 'completed' OR forfeit_side IS NOT NULL OR (team1_score IS NOT NULL AND team2_score IS NOT NULL)),
    CHECK (round_type = 'pool' OR forfeit_side IS NOT NULL OR team1_score IS NULL OR team1_score <> team2_score),
    -- One match per court at a time.
    UNIQUE (tournament_id, slot_index, court_number),
    UNIQUE (tournament_id, bracket_code)
) STRICT;

INSERT INTO matches_v21 (id, tournament_id, round_type, round_name, bracket_code, pool, status, team1_id, team2_id,
    team1_from, team2_from, team1_score, team2_score, forfeit_side, scheduled_time, court_number, slot_index, version,
    updated_at, sets, team1_withdrawn, team2_withdrawn, started_at)
SELECT id, tournament_id, round_type, round_name, bracket_code, pool, status, team1_id, team2_id,
    team1_from, team2_from, team1_score, team2_score, forfeit_side, scheduled_time, court_number, slot_index, version,
    updated_at, sets, team1_withdrawn, team2_withdrawn, started_at
FROM matches;
DROP TABLE matches;
ALTER TABLE matches_v21 RENAME TO matches;

CREATE INDEX matches_tournament ON matches (tournament_id, slot_index);
CREATE INDEX matches_team1 ON matches (team1_id);
CREATE INDEX matches_team2 ON matches (team2_id);
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

-- Above every id still named elsewhere: the copied rows, the phones' entries, the history.
INSERT INTO sqlite_sequence (name, seq)
SELECT t, 0 FROM (SELECT 'tournaments' AS t UNION ALL SELECT 'matches')
WHERE t NOT IN (SELECT name FROM sqlite_sequence);
UPDATE sqlite_sequence SET seq = max(seq,
    coalesce((SELECT max(id) FROM tournaments), 0),
    coalesce((SELECT max(tournament_id) FROM score_entries), 0))
WHERE name = 'tournaments';
UPDATE sqlite_sequence SET seq = max(seq,
    coalesce((SELECT max(id) FROM matches), 0),
    coalesce((SELECT max(match_id) FROM score_entries), 0),
    coalesce((SELECT max(match_id) FROM match_score_history), 0))
WHERE name = 'matches';
