-- Weekly leagues (core's `league`): an event with a season of nights, each night a grid of
-- tiers, one group of teams on a court at a time. An event holds a tournament or a league,
-- never both: the triggers below refuse the second, whatever the code above does.
CREATE TABLE leagues (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id               INTEGER NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE,
    -- The nights' first match, in the centre's time ('HH:MM').
    start_time             TEXT NOT NULL CHECK (start_time GLOB '[0-2][0-9]:[0-5][0-9]'),
    -- The courts' ids, tier 1's court first (JSON array).
    courts                 TEXT NOT NULL CHECK (json_valid(courts) AND json_type(courts) = 'array'),
    group_size             INTEGER NOT NULL CHECK (group_size IN (3, 4)),
    -- The matches' format, as a tournament's phase stores it.
    format                 TEXT NOT NULL CHECK (json_valid(format)),
    match_duration_minutes INTEGER NOT NULL CHECK (match_duration_minutes BETWEEN 10 AND 60),
    confirm_hours          INTEGER NOT NULL CHECK (confirm_hours BETWEEN 1 AND 168),
    -- The first night's order the admin set (JSON array of registration ids); none: the
    -- registration order.
    seeding                TEXT CHECK (seeding IS NULL OR (json_valid(seeding) AND json_type(seeding) = 'array')),
    version                INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at             TEXT NOT NULL
) STRICT;

-- A night is numbered from 1 in date order. Its grid (core's `Grid`, JSON) is set once it is
-- published and never changes after it is played.
CREATE TABLE league_nights (
    league_id      INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    number         INTEGER NOT NULL CHECK (number >= 1),
    night_date     TEXT NOT NULL CHECK (night_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    state          TEXT NOT NULL DEFAULT 'planned' CHECK (state IN ('planned', 'published', 'played', 'cancelled')),
    grid           TEXT CHECK (grid IS NULL OR json_valid(grid)),
    published_at   TEXT,
    -- A cancelled night: the closures' reason and the admin's message.
    cancel_reason  TEXT CHECK (cancel_reason IS NULL OR cancel_reason IN ('storm', 'rain', 'heat', 'water_quality', 'other')),
    cancel_message TEXT,
    PRIMARY KEY (league_id, number),
    UNIQUE (league_id, night_date),
    CHECK (state NOT IN ('published', 'played') OR grid IS NOT NULL),
    CHECK ((state = 'cancelled') = (cancel_reason IS NOT NULL))
) STRICT, WITHOUT ROWID;

CREATE TRIGGER league_not_beside_a_tournament BEFORE INSERT ON leagues
WHEN EXISTS (SELECT 1 FROM tournaments WHERE event_id = NEW.event_id)
BEGIN
    SELECT RAISE(ABORT, 'league: the event holds a tournament');
END;

CREATE TRIGGER tournament_not_beside_a_league BEFORE INSERT ON tournaments
WHEN EXISTS (SELECT 1 FROM leagues WHERE event_id = NEW.event_id)
BEGIN
    SELECT RAISE(ABORT, 'tournament: the event holds a league');
END;

-- A played night's grid is the record the next night was drawn from.
CREATE TRIGGER league_played_night_stays BEFORE UPDATE ON league_nights
WHEN OLD.state = 'played' AND (NEW.state <> 'played' OR NEW.grid IS NOT OLD.grid OR NEW.night_date <> OLD.night_date)
BEGIN
    SELECT RAISE(ABORT, 'league: a played night does not change');
END;

-- A team's word for one night: absent (`available` 0), said by its captain before the night's
-- start or by an admin. No row: the team comes. Keyed by the night's date, which an edit of the
-- season never changes (it renumbers the nights not yet published).
CREATE TABLE league_availability (
    league_id  INTEGER NOT NULL,
    night_date TEXT NOT NULL,
    team_id    INTEGER NOT NULL REFERENCES event_registrations(id) ON DELETE CASCADE,
    available  INTEGER NOT NULL CHECK (available IN (0, 1)),
    by_admin   INTEGER NOT NULL CHECK (by_admin IN (0, 1)),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (league_id, night_date, team_id),
    FOREIGN KEY (league_id, night_date) REFERENCES league_nights(league_id, night_date) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
