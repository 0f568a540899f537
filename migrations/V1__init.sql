-- The whole data model of product-spec section 3, with the constraints that protect it.
-- Times are UTC text 'YYYY-MM-DDTHH:MM:SSZ' (sortable); local dates are 'YYYY-MM-DD'.
-- Money is in cents (CAD). Forward only: an applied migration is never edited.

CREATE TABLE users (
    id                TEXT PRIMARY KEY,
    email             TEXT NOT NULL UNIQUE COLLATE NOCASE,
    first_name        TEXT,
    last_name         TEXT,
    profile_image_url TEXT,
    oidc_subject      TEXT UNIQUE,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
) STRICT;

CREATE TABLE role_grants (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('admin', 'supervisor')),
    granted_at TEXT NOT NULL,
    granted_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    UNIQUE (user_id, role)
) STRICT;

CREATE TABLE events (
    id                   INTEGER PRIMARY KEY,
    title                TEXT NOT NULL CHECK (length(title) > 0),
    title_en             TEXT,
    description          TEXT NOT NULL,
    description_en       TEXT,
    category_id          TEXT CHECK (category_id IS NULL OR category_id IN ('wakeride', 'volleyball', 'camping', 'formation')),
    location             TEXT NOT NULL,
    start_date           TEXT NOT NULL,
    end_date             TEXT CHECK (end_date IS NULL OR end_date >= start_date),
    price_cents          INTEGER NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
    max_participants     INTEGER CHECK (max_participants IS NULL OR max_participants >= 1),
    current_participants INTEGER NOT NULL DEFAULT 0 CHECK (current_participants >= 0),
    is_active            INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    requires_payment     INTEGER NOT NULL DEFAULT 0 CHECK (requires_payment IN (0, 1)),
    created_at           TEXT NOT NULL,
    -- The database itself refuses an oversold event.
    CHECK (max_participants IS NULL OR current_participants <= max_participants)
) STRICT;
CREATE INDEX events_start ON events (is_active, start_date);

CREATE TABLE event_registrations (
    id                 INTEGER PRIMARY KEY,
    event_id           INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    user_id            TEXT REFERENCES users(id) ON DELETE SET NULL,
    kind               TEXT NOT NULL DEFAULT 'team' CHECK (kind IN ('team', 'individual')),
    team_name          TEXT,
    team_number        INTEGER CHECK (team_number IS NULL OR team_number >= 1),
    captain_first_name TEXT,
    captain_last_name  TEXT,
    captain_email      TEXT,
    member2_first_name TEXT, member2_last_name TEXT, member2_email TEXT,
    member3_first_name TEXT, member3_last_name TEXT, member3_email TEXT,
    member4_first_name TEXT, member4_last_name TEXT, member4_email TEXT,
    member5_first_name TEXT, member5_last_name TEXT, member5_email TEXT,
    member6_first_name TEXT, member6_last_name TEXT, member6_email TEXT,
    first_name         TEXT,
    last_name          TEXT,
    email              TEXT,
    phone              TEXT,
    notes              TEXT,
    people_count       INTEGER NOT NULL CHECK (people_count BETWEEN 1 AND 6),
    status             TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'pending', 'cancelled')),
    payment_status     TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid')),
    payment_reference  TEXT NOT NULL UNIQUE,
    amount_due_cents   INTEGER NOT NULL DEFAULT 0 CHECK (amount_due_cents >= 0),
    lang               TEXT NOT NULL DEFAULT 'fr' CHECK (lang IN ('fr', 'en')),
    created_at         TEXT NOT NULL,
    UNIQUE (event_id, team_number)
) STRICT;
CREATE UNIQUE INDEX event_registrations_one_per_user ON event_registrations (event_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX event_registrations_user ON event_registrations (user_id);

CREATE TABLE courts (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    position     INTEGER NOT NULL UNIQUE,
    -- Outdoor season, recurring every year: 'MM-DD' first and last day.
    season_start TEXT NOT NULL CHECK (season_start GLOB '[0-1][0-9]-[0-3][0-9]'),
    season_end   TEXT NOT NULL CHECK (season_end GLOB '[0-1][0-9]-[0-3][0-9]')
) STRICT;

CREATE TABLE court_hours (
    court_id   INTEGER NOT NULL REFERENCES courts(id) ON DELETE CASCADE,
    weekday    INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6), -- 0 = Monday
    open_time  TEXT NOT NULL CHECK (open_time GLOB '[0-2][0-9]:[0-5][0-9]'),
    close_time TEXT NOT NULL CHECK (close_time GLOB '[0-2][0-9]:[0-5][0-9]'),
    PRIMARY KEY (court_id, weekday),
    CHECK (open_time < close_time)
) STRICT;

CREATE TABLE court_bookings (
    id             INTEGER PRIMARY KEY,
    court_id       INTEGER NOT NULL REFERENCES courts(id),
    user_id        TEXT REFERENCES users(id) ON DELETE SET NULL,
    first_name     TEXT NOT NULL,
    last_name      TEXT NOT NULL,
    email          TEXT NOT NULL,
    phone          TEXT NOT NULL,
    start_time     TEXT NOT NULL,
    end_time       TEXT NOT NULL CHECK (end_time > start_time),
    status         TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'pending', 'cancelled')),
    payment_status TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid')),
    players        INTEGER CHECK (players IS NULL OR players BETWEEN 1 AND 12),
    ball_rental    INTEGER NOT NULL DEFAULT 0 CHECK (ball_rental IN (0, 1)),
    notes          TEXT,
    lang           TEXT NOT NULL DEFAULT 'fr' CHECK (lang IN ('fr', 'en')),
    created_at     TEXT NOT NULL,
    cancelled_at   TEXT
) STRICT;
-- Two live bookings of one court slot are impossible.
CREATE UNIQUE INDEX court_bookings_one_live_per_slot ON court_bookings (court_id, start_time) WHERE status <> 'cancelled';
CREATE INDEX court_bookings_start ON court_bookings (start_time, status);
CREATE INDEX court_bookings_user ON court_bookings (user_id, start_time);

CREATE TABLE day_camp_programs (
    id                 TEXT PRIMARY KEY,
    position           INTEGER NOT NULL UNIQUE,
    min_age            INTEGER NOT NULL CHECK (min_age >= 0),
    max_age            INTEGER NOT NULL CHECK (max_age >= min_age),
    weekly_price_cents INTEGER NOT NULL CHECK (weekly_price_cents >= 0),
    capacity_per_week  INTEGER NOT NULL CHECK (capacity_per_week >= 1),
    day_start          TEXT NOT NULL DEFAULT '08:00',
    day_end            TEXT NOT NULL DEFAULT '16:00'
) STRICT;

CREATE TABLE day_camp_weeks (
    id         INTEGER PRIMARY KEY,
    label      TEXT NOT NULL UNIQUE,
    start_date TEXT NOT NULL,
    end_date   TEXT NOT NULL CHECK (end_date >= start_date)
) STRICT;

-- Places per program and week: the CHECK makes an oversold week impossible.
CREATE TABLE day_camp_places (
    program_id TEXT NOT NULL REFERENCES day_camp_programs(id) ON DELETE CASCADE,
    week_id    INTEGER NOT NULL REFERENCES day_camp_weeks(id) ON DELETE CASCADE,
    capacity   INTEGER NOT NULL CHECK (capacity >= 0),
    taken      INTEGER NOT NULL DEFAULT 0 CHECK (taken >= 0),
    PRIMARY KEY (program_id, week_id),
    CHECK (taken <= capacity)
) STRICT;

CREATE TABLE day_camp_registrations (
    id                 INTEGER PRIMARY KEY,
    user_id            TEXT REFERENCES users(id) ON DELETE SET NULL,
    program_id         TEXT NOT NULL REFERENCES day_camp_programs(id),
    child_first_name   TEXT NOT NULL,
    child_last_name    TEXT NOT NULL,
    child_birth_date   TEXT NOT NULL,
    child_gender       TEXT CHECK (child_gender IS NULL OR child_gender IN ('girl', 'boy', 'other')),
    parent_name        TEXT NOT NULL,
    parent_email       TEXT NOT NULL,
    parent_phone       TEXT NOT NULL,
    emergency_phone    TEXT,
    medical_conditions TEXT,
    can_swim           INTEGER NOT NULL DEFAULT 0 CHECK (can_swim IN (0, 1)),
    amount_cents       INTEGER NOT NULL CHECK (amount_cents >= 0),
    payment_status     TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid')),
    payment_reference  TEXT NOT NULL UNIQUE,
    lang               TEXT NOT NULL DEFAULT 'fr' CHECK (lang IN ('fr', 'en')),
    created_at         TEXT NOT NULL
) STRICT;
CREATE INDEX day_camp_registrations_user ON day_camp_registrations (user_id);

CREATE TABLE day_camp_enrolments (
    registration_id INTEGER NOT NULL REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    week_id         INTEGER NOT NULL REFERENCES day_camp_weeks(id),
    program_id      TEXT NOT NULL,
    -- Normalised child identity (names + birth date): the same child twice in a week is refused.
    child_key       TEXT NOT NULL,
    PRIMARY KEY (registration_id, week_id),
    UNIQUE (week_id, child_key),
    FOREIGN KEY (program_id, week_id) REFERENCES day_camp_places(program_id, week_id)
) STRICT;

CREATE TABLE tournaments (
    id                     INTEGER PRIMARY KEY,
    event_id               INTEGER NOT NULL UNIQUE REFERENCES events(id) ON DELETE CASCADE,
    name                   TEXT NOT NULL,
    status                 TEXT NOT NULL DEFAULT 'setup' CHECK (status IN ('setup', 'in_progress', 'completed')),
    courts_available       INTEGER NOT NULL DEFAULT 2 CHECK (courts_available BETWEEN 1 AND 4),
    match_duration_minutes INTEGER NOT NULL DEFAULT 20 CHECK (match_duration_minutes BETWEEN 10 AND 60),
    break_between_matches  INTEGER NOT NULL DEFAULT 10 CHECK (break_between_matches BETWEEN 5 AND 30),
    start_time             TEXT,
    created_at             TEXT NOT NULL
) STRICT;

CREATE TABLE matches (
    id                INTEGER PRIMARY KEY,
    tournament_id     INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round_type        TEXT NOT NULL CHECK (round_type IN ('pool', 'quarterfinal', 'semifinal', 'final')),
    round_name        TEXT NOT NULL,
    bracket_position  INTEGER,
    status            TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'in_progress', 'completed')),
    team1_id          INTEGER REFERENCES event_registrations(id) ON DELETE SET NULL,
    team2_id          INTEGER REFERENCES event_registrations(id) ON DELETE SET NULL,
    team1_placeholder TEXT,
    team2_placeholder TEXT,
    team1_score       INTEGER CHECK (team1_score IS NULL OR team1_score >= 0),
    team2_score       INTEGER CHECK (team2_score IS NULL OR team2_score >= 0),
    scheduled_time    TEXT,
    court_number      INTEGER CHECK (court_number IS NULL OR court_number BETWEEN 1 AND 4),
    slot_index        INTEGER,
    updated_at        TEXT NOT NULL
) STRICT;
CREATE INDEX matches_tournament ON matches (tournament_id, slot_index);

-- Offline score entries: idempotent by the client's entry id.
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

-- Mail leaves after commit: rows are written in the same transaction as what they announce.
CREATE TABLE outbox_emails (
    id              INTEGER PRIMARY KEY,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body_text       TEXT NOT NULL,
    ics             TEXT,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL,
    last_error      TEXT,
    created_at      TEXT NOT NULL,
    sent_at         TEXT
) STRICT;
CREATE INDEX outbox_emails_due ON outbox_emails (status, next_attempt_at);
