-- Who pays a day-camp registration, for the RL-24 (childcare expenses) figures: one or two
-- payers with their address and share, and an optional social insurance number stored only
-- encrypted (AES-256-GCM with a key kept outside the database and its replica; the
-- registration's id is the associated data) with its last three digits in clear for the
-- masked '*** *** 123'. Anonymisation clears the address and the number, keeps the share.
CREATE TABLE camp_registration_payers (
    registration_id INTEGER NOT NULL REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    position        INTEGER NOT NULL CHECK (position IN (1, 2)),
    name            TEXT NOT NULL,
    street          TEXT,
    city            TEXT,
    province        TEXT CHECK (province IS NULL OR length(province) = 2),
    postal_code     TEXT CHECK (postal_code IS NULL OR postal_code GLOB '[A-Z][0-9][A-Z] [0-9][A-Z][0-9]'),
    share_percent   INTEGER NOT NULL CHECK (share_percent BETWEEN 1 AND 100),
    -- The nonce (12 bytes) then the sealed number and its tag; never the digits in clear.
    sin_sealed      BLOB CHECK (sin_sealed IS NULL OR length(sin_sealed) = 12 + 9 + 16),
    sin_last3       TEXT CHECK (sin_last3 IS NULL OR (length(sin_last3) = 3 AND sin_last3 GLOB '[0-9][0-9][0-9]')),
    updated_at      TEXT NOT NULL,
    anonymised_at   TEXT,
    PRIMARY KEY (registration_id, position),
    -- Both halves of the number, or neither.
    CHECK ((sin_sealed IS NULL) = (sin_last3 IS NULL)),
    -- The address is whole while the row is not anonymised; anonymised, it and the number are gone.
    CHECK (CASE WHEN anonymised_at IS NULL
                THEN street IS NOT NULL AND city IS NOT NULL AND province IS NOT NULL AND postal_code IS NOT NULL
                ELSE street IS NULL AND city IS NULL AND province IS NULL AND postal_code IS NULL AND sin_sealed IS NULL
           END)
) STRICT;

-- The shares of one registration never add up to more than 100.
CREATE TRIGGER camp_payers_shares_insert
BEFORE INSERT ON camp_registration_payers
WHEN NEW.share_percent + COALESCE((SELECT SUM(share_percent) FROM camp_registration_payers
                                   WHERE registration_id = NEW.registration_id), 0) > 100
BEGIN
    SELECT RAISE(ABORT, 'payer shares above 100');
END;
