-- Privacy under Quebec's private-sector Act as amended by Loi 25: the person in charge of
-- protecting personal information (published on the privacy page, s. 3.1), members' deletion
-- requests answered within 30 days (s. 32), and the register of confidentiality incidents
-- (ss. 3.5-3.8). Forward only.

-- One row: the person in charge. By default the highest authority (s. 3.1) until an admin
-- names someone in the console.
CREATE TABLE privacy_officer (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    title      TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    email      TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    phone      TEXT NOT NULL CHECK (length(phone) BETWEEN 1 AND 30),
    updated_at TEXT NOT NULL,
    updated_by TEXT REFERENCES users(id) ON DELETE SET NULL
) STRICT;
INSERT INTO privacy_officer (id, name, title, email, phone, updated_at)
VALUES (1, 'Direction générale', 'Directeur général / Directrice générale', 'info@centrepleinair-lapeche.org',
        '819-555-0100', '2026-01-01T00:00:00Z');

-- A member's request that the centre delete their personal data. 'done' means the admin
-- anonymised it (db/privacy/anonymise.rs); 'refused' says why in the note.
CREATE TABLE deletion_requests (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      TEXT REFERENCES users(id) ON DELETE SET NULL,
    reason       TEXT,
    requested_at TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused')),
    answered_at  TEXT,
    answered_by  TEXT REFERENCES users(id) ON DELETE SET NULL,
    note         TEXT,
    -- Answered exactly when it is no longer open; a refusal always says why.
    CHECK ((status = 'open') = (answered_at IS NULL)),
    CHECK (status <> 'refused' OR (note IS NOT NULL AND length(note) > 0))
) STRICT;
-- One open request per member.
CREATE UNIQUE INDEX deletion_requests_one_open ON deletion_requests (user_id) WHERE status = 'open';
CREATE INDEX deletion_requests_user ON deletion_requests (user_id, requested_at);

-- The register of confidentiality incidents, kept by admins.
CREATE TABLE privacy_incidents (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    occurred_on            TEXT NOT NULL CHECK (occurred_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    description            TEXT NOT NULL CHECK (length(description) > 0),
    affected               TEXT NOT NULL CHECK (length(affected) > 0),
    reported_to_commission INTEGER NOT NULL DEFAULT 0 CHECK (reported_to_commission IN (0, 1)),
    reported_to_people     INTEGER NOT NULL DEFAULT 0 CHECK (reported_to_people IN (0, 1)),
    recorded_by            TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at             TEXT NOT NULL,
    updated_at             TEXT NOT NULL
) STRICT;
CREATE INDEX privacy_incidents_date ON privacy_incidents (occurred_on);
