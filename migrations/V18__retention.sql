-- How long personal data is kept (s. 23 of the private-sector Act): children's health data a
-- season plus a configurable time, accounting records the tax law's six years, then anonymised
-- by the server's scheduled work (db/privacy/retention.rs). Forward only.

-- One row: the periods an admin chose (core::privacy::retention holds the defaults and bounds).
CREATE TABLE retention_policy (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    health_months INTEGER NOT NULL CHECK (health_months BETWEEN 1 AND 60),
    records_years INTEGER NOT NULL CHECK (records_years BETWEEN 6 AND 20),
    updated_at    TEXT NOT NULL,
    updated_by    TEXT REFERENCES users(id) ON DELETE SET NULL
) STRICT;
INSERT INTO retention_policy (id, health_months, records_years, updated_at) VALUES (1, 12, 6, '2026-01-01T00:00:00Z');

-- When a row's personal data was anonymised (by retention or a deletion request), and when a
-- camp registration's health data was erased: each is done once, and the console says so.
ALTER TABLE event_registrations ADD COLUMN anonymised_at TEXT;
ALTER TABLE court_bookings ADD COLUMN anonymised_at TEXT;
ALTER TABLE day_camp_registrations ADD COLUMN anonymised_at TEXT;
ALTER TABLE day_camp_registrations ADD COLUMN health_erased_at TEXT;
-- Erased health data stays erased.
CREATE TRIGGER day_camp_health_stays_erased
BEFORE UPDATE OF medical_conditions, emergency_phone ON day_camp_registrations
WHEN OLD.health_erased_at IS NOT NULL AND (NEW.medical_conditions IS NOT NULL OR NEW.emergency_phone IS NOT NULL)
BEGIN
    SELECT RAISE(ABORT, 'health data erased');
END;
