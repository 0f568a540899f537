-- A result asks whether its tournament's bracket is drawn and whether a pool match is still to
-- play. With this index both are a few seeks, not a walk over the tournament's matches, so a
-- score costs the same in a pool of 8 teams or 64.
CREATE INDEX matches_round_status ON matches (tournament_id, round_type, status);
