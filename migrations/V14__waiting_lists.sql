-- Waiting lists: one mechanism for full events (a team), full camp weeks (a child, per
-- program and week) and taken court slots (a member). An entry waits in line (its rank is the
-- order of sort_key, then id: leaving renumbers nobody). For events and camp weeks a freed place
-- is offered to the first in line; a live offer holds its places until it expires, and the
-- schema refuses registrations plus live offers above a capacity (the triggers below), as the
-- events' CHECK and day_camp_places' CHECK refuse an oversold event or week.

-- How many hours an offer holds its place (NULL: 48, shorter as the start nears).
ALTER TABLE events ADD COLUMN offer_hours INTEGER CHECK (offer_hours IS NULL OR offer_hours BETWEEN 2 AND 336);
ALTER TABLE day_camp_programs ADD COLUMN offer_hours INTEGER CHECK (offer_hours IS NULL OR offer_hours BETWEEN 2 AND 336);
-- An admin closed the list: nobody joins, nobody is offered a place.
ALTER TABLE events ADD COLUMN waitlist_closed INTEGER NOT NULL DEFAULT 0 CHECK (waitlist_closed IN (0, 1));
ALTER TABLE day_camp_places ADD COLUMN waitlist_closed INTEGER NOT NULL DEFAULT 0 CHECK (waitlist_closed IN (0, 1));

CREATE TABLE waitlist_entries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT NOT NULL CHECK (kind IN ('event', 'camp_week', 'court_slot')),
    event_id      INTEGER REFERENCES events(id) ON DELETE CASCADE,
    program_id    TEXT,
    week_id       INTEGER,
    court_id      INTEGER REFERENCES courts(id) ON DELETE CASCADE,
    slot_start    TEXT,
    user_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- Camp weeks: the child's normalised identity, as day_camp_enrolments keys it.
    child_key     TEXT,
    -- The places the entry needs: a team's people, one child, one slot.
    places        INTEGER NOT NULL DEFAULT 1 CHECK (places BETWEEN 1 AND 6),
    -- The registration form as the member sent it when joining: accepting an offer registers it.
    form          TEXT CHECK (form IS NULL OR json_valid(form)),
    lang          TEXT NOT NULL DEFAULT 'fr' CHECK (lang IN ('fr', 'en')),
    state         TEXT NOT NULL DEFAULT 'waiting'
                  CHECK (state IN ('waiting', 'offered', 'registered', 'left', 'declined', 'expired', 'closed')),
    sort_key      INTEGER NOT NULL,
    joined_at     TEXT NOT NULL,
    ended_at      TEXT,
    -- The registration an accepted offer made (event_registrations or day_camp_registrations).
    registration_id INTEGER,
    FOREIGN KEY (program_id, week_id) REFERENCES day_camp_places(program_id, week_id) ON DELETE CASCADE,
    CHECK ((kind = 'event') = (event_id IS NOT NULL)),
    CHECK ((kind = 'camp_week') = (program_id IS NOT NULL AND week_id IS NOT NULL AND child_key IS NOT NULL)),
    CHECK ((kind = 'court_slot') = (court_id IS NOT NULL AND slot_start IS NOT NULL)),
    CHECK ((state IN ('waiting', 'offered')) = (ended_at IS NULL))
) STRICT;
-- One entry per team (its member) per event, per child per week, per member per slot.
CREATE UNIQUE INDEX waitlist_one_team_per_event ON waitlist_entries (event_id, user_id)
    WHERE kind = 'event' AND state IN ('waiting', 'offered');
CREATE UNIQUE INDEX waitlist_one_child_per_week ON waitlist_entries (week_id, child_key)
    WHERE kind = 'camp_week' AND state IN ('waiting', 'offered');
CREATE UNIQUE INDEX waitlist_one_member_per_slot ON waitlist_entries (court_id, slot_start, user_id)
    WHERE kind = 'court_slot' AND state IN ('waiting', 'offered');
CREATE INDEX waitlist_entries_user ON waitlist_entries (user_id, state);

CREATE TABLE waitlist_offers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id    INTEGER NOT NULL REFERENCES waitlist_entries(id) ON DELETE CASCADE,
    -- The entry's target, copied so the capacity triggers read one table.
    event_id    INTEGER REFERENCES events(id) ON DELETE CASCADE,
    program_id  TEXT,
    week_id     INTEGER,
    places      INTEGER NOT NULL CHECK (places BETWEEN 1 AND 6),
    state       TEXT NOT NULL DEFAULT 'live' CHECK (state IN ('live', 'accepted', 'declined', 'expired', 'withdrawn')),
    offered_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL CHECK (expires_at > offered_at),
    answered_at TEXT,
    -- Made by an admin by hand rather than by a freed place.
    by_admin    INTEGER NOT NULL DEFAULT 0 CHECK (by_admin IN (0, 1)),
    FOREIGN KEY (program_id, week_id) REFERENCES day_camp_places(program_id, week_id) ON DELETE CASCADE,
    CHECK ((event_id IS NULL) <> (week_id IS NULL AND program_id IS NULL)),
    CHECK ((state = 'live') = (answered_at IS NULL))
) STRICT;
-- Nobody holds two live offers for one entry.
CREATE UNIQUE INDEX waitlist_one_live_offer_per_entry ON waitlist_offers (entry_id) WHERE state = 'live';
CREATE INDEX waitlist_offers_live ON waitlist_offers (expires_at) WHERE state = 'live';
CREATE INDEX waitlist_offers_event ON waitlist_offers (event_id) WHERE state = 'live';
CREATE INDEX waitlist_offers_week ON waitlist_offers (program_id, week_id) WHERE state = 'live';

-- An ended offer never comes back to life.
CREATE TRIGGER waitlist_offer_stays_ended BEFORE UPDATE OF state ON waitlist_offers
WHEN OLD.state <> 'live' AND NEW.state = 'live'
BEGIN
    SELECT RAISE(ABORT, 'waitlist: an ended offer cannot be live again');
END;

-- Registrations plus live offers never exceed a capacity: checked when an offer is made and
-- whenever the count or the capacity of an event or a camp week changes.
CREATE TRIGGER waitlist_offer_fits_event BEFORE INSERT ON waitlist_offers
WHEN NEW.event_id IS NOT NULL AND NEW.state = 'live'
BEGIN
    SELECT RAISE(ABORT, 'waitlist: registrations and live offers exceed the event''s capacity')
      FROM events e
     WHERE e.id = NEW.event_id AND e.max_participants IS NOT NULL
       AND e.current_participants + NEW.places
           + (SELECT COALESCE(SUM(o.places), 0) FROM waitlist_offers o WHERE o.event_id = NEW.event_id AND o.state = 'live')
           > e.max_participants;
END;

CREATE TRIGGER waitlist_offer_fits_week BEFORE INSERT ON waitlist_offers
WHEN NEW.week_id IS NOT NULL AND NEW.state = 'live'
BEGIN
    SELECT RAISE(ABORT, 'waitlist: registrations and live offers exceed the week''s capacity')
      FROM day_camp_places p
     WHERE p.program_id = NEW.program_id AND p.week_id = NEW.week_id
       AND p.taken + NEW.places
           + (SELECT COALESCE(SUM(o.places), 0) FROM waitlist_offers o
               WHERE o.program_id = NEW.program_id AND o.week_id = NEW.week_id AND o.state = 'live')
           > p.capacity;
END;

CREATE TRIGGER waitlist_event_keeps_offers AFTER UPDATE OF current_participants, max_participants ON events
WHEN NEW.max_participants IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'waitlist: registrations and live offers exceed the event''s capacity')
     WHERE NEW.current_participants
           + (SELECT COALESCE(SUM(o.places), 0) FROM waitlist_offers o WHERE o.event_id = NEW.id AND o.state = 'live')
           > NEW.max_participants;
END;

CREATE TRIGGER waitlist_week_keeps_offers AFTER UPDATE OF taken, capacity ON day_camp_places
BEGIN
    SELECT RAISE(ABORT, 'waitlist: registrations and live offers exceed the week''s capacity')
     WHERE NEW.taken
           + (SELECT COALESCE(SUM(o.places), 0) FROM waitlist_offers o
               WHERE o.program_id = NEW.program_id AND o.week_id = NEW.week_id AND o.state = 'live')
           > NEW.capacity;
END;
