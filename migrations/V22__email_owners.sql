-- Each e-mail belongs to the account it was written for, by key, and names the record it is
-- about. 'Mes données', a deletion's anonymisation and the retention purge select e-mails by
-- `user_id`, never by the address they went to: an address typed into a form (a parent's, a
-- booking's) may be another family's, and selecting by it disclosed their e-mails. New rows take
-- their owner from their record in the statement that writes them (db/outbox.rs). Forward only.

ALTER TABLE outbox_emails ADD COLUMN user_id TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE outbox_emails ADD COLUMN about_kind TEXT
    CHECK (about_kind IS NULL OR about_kind IN ('event_registration', 'camp_registration', 'court_booking',
                                                'waitlist_offer', 'waitlist_entry'));
-- The record's id in the table `about_kind` names; no reference: an e-mail outlives its record.
ALTER TABLE outbox_emails ADD COLUMN about_id INTEGER CHECK ((about_id IS NULL) = (about_kind IS NULL));
CREATE INDEX outbox_emails_user ON outbox_emails (user_id);

-- The rows written before: each gets the record its text names, and that record's owner, when
-- exactly one record is named. A payment reference is unique to its registration (the
-- registration, reminder and release e-mails carry it), a court booking's calendar UID is
-- `court-booking-{id}@host`, an offer's e-mail links `/offers/{id}`. A reference counts only
-- as a whole word (`CJ-ABC123` is not found in `CJ-ABC1234`). A row naming no record, or more
-- than one, stays ownerless: it goes in no member's export, and retention removes it on the
-- usual schedule. The address a row went to is never used to guess.
WITH named (email_id, kind, record_id, owner) AS (
    SELECT o.id, 'event_registration', r.id, r.user_id
      FROM outbox_emails o JOIN event_registrations r
        ON (' ' || o.subject || ' ' || o.body_text || ' ') GLOB ('*[^A-Za-z0-9]' || r.payment_reference || '[^A-Za-z0-9]*')
    UNION ALL
    SELECT o.id, 'camp_registration', r.id, r.user_id
      FROM outbox_emails o JOIN day_camp_registrations r
        ON (' ' || o.subject || ' ' || o.body_text || ' ') GLOB ('*[^A-Za-z0-9]' || r.payment_reference || '[^A-Za-z0-9]*')
    UNION ALL
    SELECT o.id, 'court_booking', b.id, b.user_id
      FROM outbox_emails o JOIN court_bookings b
        ON o.ics IS NOT NULL AND o.ics GLOB ('*UID:court-booking-' || b.id || '@*')
    UNION ALL
    SELECT o.id, 'waitlist_offer', f.id, e.user_id
      FROM outbox_emails o JOIN waitlist_offers f ON (o.body_text || ' ') GLOB ('*/offers/' || f.id || '[^0-9]*')
      JOIN waitlist_entries e ON e.id = f.entry_id
),
one AS (
    SELECT email_id, min(kind) AS kind, min(record_id) AS record_id, min(owner) AS owner
      FROM named GROUP BY email_id HAVING count(DISTINCT kind || ':' || record_id) = 1
)
UPDATE outbox_emails SET user_id = one.owner, about_kind = one.kind, about_id = one.record_id
  FROM one WHERE one.email_id = outbox_emails.id;
