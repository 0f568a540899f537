-- Who enters a tournament's scores (its organisers, or the teams, who then confirm each other's
-- results within `confirm_minutes`), and whether every match gets a work team. A tournament made
-- before keeps today's behaviour: organisers score, nobody is on duty.
ALTER TABLE tournaments ADD COLUMN scoring TEXT NOT NULL DEFAULT 'staff' CHECK (scoring IN ('staff', 'teams'));
ALTER TABLE tournaments ADD COLUMN confirm_minutes INTEGER NOT NULL DEFAULT 10 CHECK (confirm_minutes BETWEEN 1 AND 1440);
ALTER TABLE tournaments ADD COLUMN duty TEXT NOT NULL DEFAULT 'none' CHECK (duty IN ('none', 'teams'));
