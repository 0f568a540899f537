-- Results reported by the teams (core's `report`): every accepted report, in order, so that none
-- is ever lost and the match's report can be read again from them; and, on the match, the report
-- as it stands (core's `Report`, JSON) with its state and deadline for the lists and the
-- scheduler's pass. A repeat of one member's report with the same `client_id` is harmless.
CREATE TABLE match_reports (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    reporter    TEXT NOT NULL CHECK (reporter IN ('team1', 'team2', 'duty', 'admin')),
    conceded    INTEGER NOT NULL DEFAULT 0 CHECK (conceded IN (0, 1)),
    team1_score INTEGER NOT NULL CHECK (team1_score >= 0),
    team2_score INTEGER NOT NULL CHECK (team2_score >= 0),
    sets        TEXT,
    user_id     TEXT REFERENCES users(id) ON DELETE SET NULL,
    client_id   TEXT CHECK (client_id IS NULL OR length(client_id) BETWEEN 1 AND 64),
    created_at  TEXT NOT NULL,
    UNIQUE (match_id, user_id, client_id)
);
CREATE INDEX match_reports_of_match ON match_reports (match_id, id);

ALTER TABLE matches ADD COLUMN report TEXT;
ALTER TABLE matches ADD COLUMN report_state TEXT CHECK (report_state IS NULL OR report_state IN ('proposed', 'confirmed', 'auto_confirmed', 'disputed', 'resolved'));
ALTER TABLE matches ADD COLUMN report_deadline TEXT;
CREATE INDEX matches_proposed ON matches (report_deadline) WHERE report_state = 'proposed';
