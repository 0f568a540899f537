-- The day camp's health form (fiche santé), one per registration, and the parent's consent to
-- it. Health data is sensitive (Loi 25): a form exists only while its registration's latest
-- consent is 'given' (the trigger below); withdrawing the consent erases the form, and the
-- consent rows keep who did what, when, for which version of the text. The older
-- `day_camp_registrations.medical_conditions`, `can_swim` and `emergency_phone` columns still
-- hold the form's conditions, swimming and first contact's phone, for the admin's tab and export.

CREATE TABLE camp_health_consents (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    registration_id INTEGER NOT NULL REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    action          TEXT NOT NULL CHECK (action IN ('given', 'withdrawn')),
    -- The consent text's version ('sante-2026-1'); a withdrawal names the one it withdraws.
    version         TEXT NOT NULL CHECK (length(version) BETWEEN 1 AND 40),
    user_id         TEXT REFERENCES users(id) ON DELETE SET NULL,
    at              TEXT NOT NULL
) STRICT;
CREATE INDEX camp_health_consents_registration ON camp_health_consents (registration_id, id);

CREATE TABLE camp_health_forms (
    registration_id  INTEGER PRIMARY KEY REFERENCES day_camp_registrations(id) ON DELETE CASCADE,
    medication       TEXT CHECK (medication IS NULL OR length(medication) BETWEEN 1 AND 2000),
    conditions       TEXT CHECK (conditions IS NULL OR length(conditions) BETWEEN 1 AND 2000),
    can_swim         INTEGER NOT NULL CHECK (can_swim IN (0, 1)),
    may_leave_alone  INTEGER NOT NULL DEFAULT 0 CHECK (may_leave_alone IN (0, 1)),
    photo_permission INTEGER NOT NULL DEFAULT 0 CHECK (photo_permission IN (0, 1)),
    updated_at       TEXT NOT NULL
) STRICT;

-- No health form without a consent in force.
CREATE TRIGGER camp_health_forms_need_consent BEFORE INSERT ON camp_health_forms
WHEN COALESCE((SELECT action FROM camp_health_consents WHERE registration_id = NEW.registration_id
                ORDER BY id DESC LIMIT 1), 'withdrawn') <> 'given'
BEGIN
    SELECT RAISE(ABORT, 'camp_health_forms: no consent in force');
END;

CREATE TABLE camp_health_allergies (
    registration_id INTEGER NOT NULL REFERENCES camp_health_forms(registration_id) ON DELETE CASCADE,
    position        INTEGER NOT NULL CHECK (position BETWEEN 0 AND 5),
    what            TEXT NOT NULL CHECK (length(what) BETWEEN 1 AND 100),
    severity        TEXT NOT NULL CHECK (severity IN ('mild', 'moderate', 'severe')),
    epinephrine     INTEGER NOT NULL CHECK (epinephrine IN (0, 1)),
    PRIMARY KEY (registration_id, position)
) STRICT;

-- The adults of a form: its emergency contacts (one or two) and those who may pick the child
-- up besides the parent (up to four).
CREATE TABLE camp_health_people (
    registration_id INTEGER NOT NULL REFERENCES camp_health_forms(registration_id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('emergency', 'pickup')),
    position        INTEGER NOT NULL CHECK (position >= 0),
    name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    relation        TEXT NOT NULL CHECK (length(relation) BETWEEN 1 AND 100),
    phone           TEXT NOT NULL CHECK (length(phone) BETWEEN 1 AND 30),
    PRIMARY KEY (registration_id, kind, position),
    CHECK ((kind = 'emergency' AND position <= 1) OR (kind = 'pickup' AND position <= 3))
) STRICT;
