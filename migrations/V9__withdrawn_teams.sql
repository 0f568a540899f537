-- A team withdrawn after it played stays in its tournament by name: its played matches keep
-- both sides (the deleted registration's id, never given again, kept beside the emptied
-- foreign key), its remaining pool matches are forfeits, and the standings list it last.
CREATE TABLE withdrawn_teams (
    registration_id INTEGER PRIMARY KEY,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    withdrawn_at    TEXT NOT NULL
) STRICT;
CREATE INDEX withdrawn_teams_tournament ON withdrawn_teams (tournament_id);

ALTER TABLE matches ADD COLUMN team1_withdrawn INTEGER REFERENCES withdrawn_teams(registration_id);
ALTER TABLE matches ADD COLUMN team2_withdrawn INTEGER REFERENCES withdrawn_teams(registration_id);
