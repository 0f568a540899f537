-- A scorekeeper may mark a match started: its court is then playing it, whatever the clock
-- says (the match 'En cours' on every page).
ALTER TABLE matches ADD COLUMN started_at TEXT;
