-- Ids that people hold are never given again. An id is a link (/event/5), a checkout page, an
-- e-mail, an admin's note: with a plain INTEGER PRIMARY KEY SQLite gives the largest id again
-- once its row is deleted, and an old link opens someone else's event or registration. With
-- AUTOINCREMENT SQLite keeps the largest id ever given in `sqlite_sequence` and never goes
-- below it. Events, event registrations, court bookings and day-camp registrations are rebuilt
-- with it (SQLite's 12-step procedure), every column, default, CHECK and reference unchanged.
--
-- The migrations run with foreign keys off (db/mod.rs), so dropping an old table cascades
-- nothing, and `PRAGMA foreign_key_check` runs after them. The tables that refer to these
-- (event_registrations, tournaments, matches, payment_transfers, day_camp_enrolments) name them
-- by name: after the rename they refer to the new tables. Copying the rows with their ids starts
-- each sequence at the largest id kept; an id deleted above it before this version cannot be
-- known, and may be given once more.

CREATE TABLE events_v8 (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
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
    payment_deadline_days INTEGER CHECK (payment_deadline_days IS NULL OR payment_deadline_days BETWEEN 1 AND 365),
    payment_deadline_date TEXT,
    -- The database itself refuses an oversold event.
    CHECK (max_participants IS NULL OR current_participants <= max_participants)
) STRICT;

INSERT INTO events_v8 (id, title, title_en, description, description_en, category_id, location, start_date,
    end_date, price_cents, max_participants, current_participants, is_active, requires_payment, created_at,
    payment_deadline_days, payment_deadline_date)
SELECT id, title, title_en, description, description_en, category_id, location, start_date,
    end_date, price_cents, max_participants, current_participants, is_active, requires_payment, created_at,
    payment_deadline_days, payment_deadline_date
FROM events;
DROP TABLE events;
ALTER TABLE events_v8 RENAME TO events;
CREATE INDEX events_start ON events (is_active, start_date);

CREATE TABLE event_registrations_v8 (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
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
    payment_status     TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid', 'expired', 'refunded')),
    payment_reference  TEXT NOT NULL UNIQUE,
    amount_due_cents   INTEGER NOT NULL DEFAULT 0 CHECK (amount_due_cents >= 0),
    lang               TEXT NOT NULL DEFAULT 'fr' CHECK (lang IN ('fr', 'en')),
    created_at         TEXT NOT NULL,
    reminders_sent     INTEGER NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0),
    last_reminder_at   TEXT,
    -- When it expired or was refunded; its places are no longer counted.
    released_at        TEXT,
    UNIQUE (event_id, team_number),
    -- Released (expired, refunded) exactly when its places are not counted (status cancelled).
    CHECK ((payment_status IN ('expired', 'refunded')) = (status = 'cancelled' AND released_at IS NOT NULL))
) STRICT;

INSERT INTO event_registrations_v8 (id, event_id, user_id, kind, team_name, team_number, captain_first_name,
    captain_last_name, captain_email, member2_first_name, member2_last_name, member2_email, member3_first_name,
    member3_last_name, member3_email, member4_first_name, member4_last_name, member4_email, member5_first_name,
    member5_last_name, member5_email, member6_first_name, member6_last_name, member6_email, first_name, last_name,
    email, phone, notes, people_count, status, payment_status, payment_reference, amount_due_cents, lang, created_at,
    reminders_sent, last_reminder_at, released_at)
SELECT id, event_id, user_id, kind, team_name, team_number, captain_first_name,
    captain_last_name, captain_email, member2_first_name, member2_last_name, member2_email, member3_first_name,
    member3_last_name, member3_email, member4_first_name, member4_last_name, member4_email, member5_first_name,
    member5_last_name, member5_email, member6_first_name, member6_last_name, member6_email, first_name, last_name,
    email, phone, notes, people_count, status, payment_status, payment_reference, amount_due_cents, lang, created_at,
    reminders_sent, last_reminder_at, released_at
FROM event_registrations;
DROP TABLE event_registrations;
ALTER TABLE event_registrations_v8 RENAME TO event_registrations;
-- One live registration per member and event: after an expiry the member may register again.
CREATE UNIQUE INDEX event_registrations_one_per_user ON event_registrations (event_id, user_id)
    WHERE user_id IS NOT NULL AND status <> 'cancelled';
CREATE INDEX event_registrations_user ON event_registrations (user_id);
CREATE INDEX event_registrations_unpaid ON event_registrations (payment_status, created_at) WHERE payment_status = 'pending';

CREATE TABLE court_bookings_v8 (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
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

INSERT INTO court_bookings_v8 (id, court_id, user_id, first_name, last_name, email, phone, start_time, end_time,
    status, payment_status, players, ball_rental, notes, lang, created_at, cancelled_at)
SELECT id, court_id, user_id, first_name, last_name, email, phone, start_time, end_time,
    status, payment_status, players, ball_rental, notes, lang, created_at, cancelled_at
FROM court_bookings;
DROP TABLE court_bookings;
ALTER TABLE court_bookings_v8 RENAME TO court_bookings;
-- Two live bookings of one court slot are impossible.
CREATE UNIQUE INDEX court_bookings_one_live_per_slot ON court_bookings (court_id, start_time) WHERE status <> 'cancelled';
CREATE INDEX court_bookings_start ON court_bookings (start_time, status);
CREATE INDEX court_bookings_user ON court_bookings (user_id, start_time);

CREATE TABLE day_camp_registrations_v8 (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
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
    payment_status     TEXT NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid', 'expired', 'refunded')),
    payment_reference  TEXT NOT NULL UNIQUE,
    lang               TEXT NOT NULL DEFAULT 'fr' CHECK (lang IN ('fr', 'en')),
    created_at         TEXT NOT NULL,
    reminders_sent     INTEGER NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0),
    last_reminder_at   TEXT,
    released_at        TEXT,
    -- The weeks (JSON array of week ids) whose places were given back at release: the
    -- enrolments are deleted then, and put back by a restore if the places are still there.
    released_weeks     TEXT,
    CHECK ((payment_status IN ('expired', 'refunded')) = (released_at IS NOT NULL AND released_weeks IS NOT NULL))
) STRICT;

INSERT INTO day_camp_registrations_v8 (id, user_id, program_id, child_first_name, child_last_name, child_birth_date,
    child_gender, parent_name, parent_email, parent_phone, emergency_phone, medical_conditions, can_swim, amount_cents,
    payment_status, payment_reference, lang, created_at, reminders_sent, last_reminder_at, released_at, released_weeks)
SELECT id, user_id, program_id, child_first_name, child_last_name, child_birth_date,
    child_gender, parent_name, parent_email, parent_phone, emergency_phone, medical_conditions, can_swim, amount_cents,
    payment_status, payment_reference, lang, created_at, reminders_sent, last_reminder_at, released_at, released_weeks
FROM day_camp_registrations;
DROP TABLE day_camp_registrations;
ALTER TABLE day_camp_registrations_v8 RENAME TO day_camp_registrations;
CREATE INDEX day_camp_registrations_user ON day_camp_registrations (user_id);
CREATE INDEX day_camp_registrations_unpaid ON day_camp_registrations (payment_status, created_at) WHERE payment_status = 'pending';
