-- A day camp's daily attendance, recorded by counsellors on their phones (offline too, through the
-- outbox that carries the scores: the same device numbering, `sync_devices.last_seq` shared by
-- both pushes), admins' overrides for a pick-up by someone not on the child's list, and the
-- parents' absence notices. Children's data (Loi 25): the retention work erases all of it with
-- the health data, a chosen time after the season (db/privacy/retention.rs). Forward only.

-- Every entry a phone pushed, with what became of it: a replay answers the stored outcome. The
-- registration may be unknown or gone (a refused entry is kept too), hence no foreign key.
CREATE TABLE camp_attendance_entries (
    entry_id        TEXT PRIMARY KEY CHECK (length(entry_id) BETWEEN 1 AND 64),
    device_id       TEXT NOT NULL CHECK (length(device_id) BETWEEN 1 AND 64),
    seq             INTEGER NOT NULL CHECK (seq >= 1),
    registration_id INTEGER NOT NULL,
    week_id         INTEGER NOT NULL,
    day             TEXT NOT NULL CHECK (length(day) = 10),
    action          TEXT NOT NULL CHECK (action IN ('arrival', 'departure', 'absence')),
    at              TEXT NOT NULL,
    pickup_kind     TEXT CHECK (pickup_kind IS NULL OR pickup_kind IN ('parent', 'authorised', 'alone', 'other')),
    pickup_name     TEXT CHECK (pickup_name IS NULL OR length(pickup_name) BETWEEN 1 AND 100),
    user_id         TEXT REFERENCES users(id) ON DELETE SET NULL,
    received_at     TEXT NOT NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('applied', 'duplicate', 'rejected')),
    code            TEXT CHECK ((outcome = 'rejected') = (code IS NOT NULL)),
    UNIQUE (device_id, seq)
) STRICT;
CREATE INDEX camp_attendance_entries_registration ON camp_attendance_entries (registration_id, day);

-- A child's day: one row from the arrival, the departure filled in once. Two phones recording
-- the same arrival cannot make two rows (the primary key); a departure names who took the child.
CREATE TABLE camp_attendance (
    registration_id INTEGER NOT NULL REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    day             TEXT NOT NULL CHECK (length(day) = 10),
    week_id         INTEGER NOT NULL,
    arrived_at      TEXT NOT NULL,
    arrival_entry   TEXT NOT NULL UNIQUE,
    arrived_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
    left_at         TEXT CHECK (left_at IS NULL OR left_at > arrived_at),
    departure_entry TEXT UNIQUE,
    left_by         TEXT REFERENCES users(id) ON DELETE SET NULL,
    pickup_kind     TEXT CHECK (pickup_kind IS NULL OR pickup_kind IN ('parent', 'authorised', 'alone', 'other')),
    pickup_name     TEXT CHECK (pickup_name IS NULL OR length(pickup_name) BETWEEN 1 AND 100),
    PRIMARY KEY (registration_id, day),
    CHECK ((left_at IS NULL) = (pickup_kind IS NULL) AND (left_at IS NULL) = (departure_entry IS NULL)),
    CHECK (pickup_kind IS NULL OR (pickup_kind IN ('authorised', 'other')) = (pickup_name IS NOT NULL))
) STRICT;

-- The parent said the child will not come that day (a counsellor records it when they phone).
CREATE TABLE camp_absence_notices (
    registration_id INTEGER NOT NULL REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    day             TEXT NOT NULL CHECK (length(day) = 10),
    entry_id        TEXT NOT NULL UNIQUE,
    recorded_by     TEXT REFERENCES users(id) ON DELETE SET NULL,
    recorded_at     TEXT NOT NULL,
    PRIMARY KEY (registration_id, day)
) STRICT;

-- An admin's leave for someone not on the child's list to take them home that day: who allowed
-- it, when, and why.
CREATE TABLE camp_pickup_overrides (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    registration_id INTEGER NOT NULL REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    day             TEXT NOT NULL CHECK (length(day) = 10),
    person_name     TEXT NOT NULL CHECK (length(person_name) BETWEEN 1 AND 100),
    reason          TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
    admin_id        TEXT REFERENCES users(id) ON DELETE SET NULL,
    admin_email     TEXT NOT NULL,
    created_at      TEXT NOT NULL
) STRICT;
CREATE INDEX camp_pickup_overrides_day ON camp_pickup_overrides (registration_id, day);
