-- Camp staff ('Animateur'): a role granted like supervisors, for the day-camp weeks an admin
-- gives them, and the log of every opening of a child's full health record (who, when, which
-- child), which admins read.
--
-- role_grants is rebuilt to let its CHECK name the new role (SQLite cannot alter a CHECK);
-- every column, default, reference and index is as before. The migrations run with foreign keys
-- off (db/mod.rs) and `PRAGMA foreign_key_check` runs after them.

CREATE TABLE role_grants_v16 (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('admin', 'supervisor', 'camp_staff')),
    granted_at TEXT NOT NULL,
    granted_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    UNIQUE (user_id, role)
) STRICT;
INSERT INTO role_grants_v16 (id, user_id, role, granted_at, granted_by)
    SELECT id, user_id, role, granted_at, granted_by FROM role_grants;
DROP TABLE role_grants;
ALTER TABLE role_grants_v16 RENAME TO role_grants;
CREATE INDEX role_grants_role ON role_grants (role, granted_at);

-- The weeks a counsellor looks after. Gone with the person or the week.
CREATE TABLE camp_staff_weeks (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    week_id INTEGER NOT NULL REFERENCES day_camp_weeks(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, week_id)
) STRICT;

-- One row per opening of a child's full record. It outlives the registration and the viewer's
-- account (no cascade): who looked, and at whom, is what an admin answers for.
CREATE TABLE child_record_views (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    registration_id INTEGER NOT NULL,
    child_name      TEXT NOT NULL,
    viewer_id       TEXT REFERENCES users(id) ON DELETE SET NULL,
    viewer_email    TEXT NOT NULL,
    viewed_at       TEXT NOT NULL
) STRICT;
CREATE INDEX child_record_views_at ON child_record_views (viewed_at);
