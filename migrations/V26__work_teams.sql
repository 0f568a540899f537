-- The work team of each match, in a tournament whose `duty` is 'teams' (core's
-- `schedule::duty`): a team known when the schedule is drawn, or, in the knockout, the loser of
-- an earlier match (`duty_from`), filled in once that match is final. A withdrawn team leaves
-- the duty empty for an admin to give.
ALTER TABLE matches ADD COLUMN duty_team_id INTEGER REFERENCES event_registrations(id) ON DELETE SET NULL;
ALTER TABLE matches ADD COLUMN duty_from TEXT CHECK (duty_from IS NULL OR duty_from IN ('QF1', 'QF2', 'QF3', 'QF4', 'SF1', 'SF2', 'F'));
-- The duties' quality as core measured it (conflicts, spread, back-to-back), beside the schedule's.
ALTER TABLE tournaments ADD COLUMN duty_quality_json TEXT;
