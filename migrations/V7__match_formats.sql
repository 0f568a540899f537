-- Volleyball scored as volleyball: a format per phase and scores in sets.
--
-- A tournament's pool and knockout formats are JSON (core's MatchFormat: the sets, the results
-- table, the tie-breaks); NULL is 'single', one pair of whole numbers per match, which every
-- tournament played so far keeps: no result changes. A match scored in sets keeps them as JSON
-- ([[21,18],[17,21]], team 1 first) beside team1_score/team2_score, then the sets won; a score
-- entry from a phone and a line of a match's history keep theirs the same way.

ALTER TABLE tournaments ADD COLUMN pool_format TEXT CHECK (pool_format IS NULL OR json_valid(pool_format));
ALTER TABLE tournaments ADD COLUMN knockout_format TEXT CHECK (knockout_format IS NULL OR json_valid(knockout_format));
ALTER TABLE matches ADD COLUMN sets TEXT CHECK (sets IS NULL OR json_valid(sets));
ALTER TABLE score_entries ADD COLUMN sets TEXT CHECK (sets IS NULL OR json_valid(sets));
ALTER TABLE match_score_history ADD COLUMN sets TEXT CHECK (sets IS NULL OR json_valid(sets));
ALTER TABLE match_score_history ADD COLUMN previous_sets TEXT CHECK (previous_sets IS NULL OR json_valid(previous_sets));
