-- The event the centre puts forward ('À la une'): the member home's promo card shows it while it
-- is still to come. At most one at a time: marking an event unmarks the other in the same
-- transaction (db::events), and the partial unique index refuses a second whatever the code does.

ALTER TABLE events ADD COLUMN featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1));
CREATE UNIQUE INDEX events_one_featured ON events (featured) WHERE featured = 1;
