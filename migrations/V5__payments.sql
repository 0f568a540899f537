-- Issue 17: getting paid. Payment states beyond pending/paid: 'expired' (released for
-- non-payment: its places went back to the event or the camp weeks) and 'refunded' (money
-- returned, places released). Reminders sent, the payment deadline of each event and camp
-- program, and the Interac transfers an admin confirmed against registrations.
--
-- A CHECK cannot be altered in SQLite, so both registration tables are rebuilt (SQLite's
-- 12-step procedure). The migrations run with foreign keys off (db/mod.rs), so dropping the
-- old table cascades nothing; `PRAGMA foreign_key_check` runs after them.

ALTER TABLE events ADD COLUMN payment_deadline_days INTEGER CHECK (payment_deadline_days IS NULL OR payment_deadline_days BETWEEN 1 AND 365);
ALTER TABLE events ADD COLUMN payment_deadline_date TEXT;
ALTER TABLE day_camp_programs ADD COLUMN payment_deadline_days INTEGER CHECK (payment_deadline_days IS NULL OR payment_deadline_days BETWEEN 1 AND 365);
ALTER TABLE day_camp_programs ADD COLUMN payment_deadline_date TEXT;

CREATE TABLE event_registrations_v5 (
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

INSERT INTO event_registrations_v5 (id, event_id, user_id, kind, team_name, team_number, captain_first_name,
    captain_last_name, captain_email, member2_first_name, member2_last_name, member2_email, member3_first_name,
    member3_last_name, member3_email, member4_first_name, member4_last_name, member4_email, member5_first_name,
    member5_last_name, member5_email, member6_first_name, member6_last_name, member6_email, first_name, last_name,
    email, phone, notes, people_count, status, payment_status, payment_reference, amount_due_cents, lang, created_at)
SELECT id, event_id, user_id, kind, team_name, team_number, captain_first_name,
    captain_last_name, captain_email, member2_first_name, member2_last_name, member2_email, member3_first_name,
    member3_last_name, member3_email, member4_first_name, member4_last_name, member4_email, member5_first_name,
    member5_last_name, member5_email, member6_first_name, member6_last_name, member6_email, first_name, last_name,
    email, phone, notes, people_count, status, payment_status, payment_reference, amount_due_cents, lang, created_at
FROM event_registrations;
DROP TABLE event_registrations;
ALTER TABLE event_registrations_v5 RENAME TO event_registrations;
-- One live registration per member and event: after an expiry the member may register again.
CREATE UNIQUE INDEX event_registrations_one_per_user ON event_registrations (event_id, user_id)
    WHERE user_id IS NOT NULL AND status <> 'cancelled';
CREATE INDEX event_registrations_user ON event_registrations (user_id);
CREATE INDEX event_registrations_unpaid ON event_registrations (payment_status, created_at) WHERE payment_status = 'pending';

CREATE TABLE day_camp_registrations_v5 (
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

INSERT INTO day_camp_registrations_v5 (id, user_id, program_id, child_first_name, child_last_name, child_birth_date,
    child_gender, parent_name, parent_email, parent_phone, emergency_phone, medical_conditions, can_swim, amount_cents,
    payment_status, payment_reference, lang, created_at)
SELECT id, user_id, program_id, child_first_name, child_last_name, child_birth_date,
    child_gender, parent_name, parent_email, parent_phone, emergency_phone, medical_conditions, can_swim, amount_cents,
    payment_status, payment_reference, lang, created_at
FROM day_camp_registrations;
DROP TABLE day_camp_registrations;
ALTER TABLE day_camp_registrations_v5 RENAME TO day_camp_registrations;
CREATE INDEX day_camp_registrations_user ON day_camp_registrations (user_id);
CREATE INDEX day_camp_registrations_unpaid ON day_camp_registrations (payment_status, created_at) WHERE payment_status = 'pending';

-- Interac transfers an admin confirmed: which transfer paid which registration.
CREATE TABLE payment_transfers (
    id                    INTEGER PRIMARY KEY,
    -- A transfer pays one registration, an event's or a camp's; a registration is paid once.
    event_registration_id INTEGER UNIQUE REFERENCES event_registrations(id) ON DELETE CASCADE,
    camp_registration_id  INTEGER UNIQUE REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    amount_cents          INTEGER NOT NULL CHECK (amount_cents > 0),
    sender                TEXT NOT NULL,
    message               TEXT NOT NULL,
    transfer_date         TEXT,
    -- The bank's own reference number of the transfer, when the notification gives one.
    bank_reference        TEXT,
    confirmed_by          TEXT REFERENCES users(id) ON DELETE SET NULL,
    confirmed_at          TEXT NOT NULL,
    CHECK ((event_registration_id IS NULL) <> (camp_registration_id IS NULL))
) STRICT;
CREATE UNIQUE INDEX payment_transfers_bank_reference ON payment_transfers (bank_reference) WHERE bank_reference IS NOT NULL;
