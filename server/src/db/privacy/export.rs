//! Everything the centre holds about one member and the children they registered ('Mes
//! données', s. 27): every row that names them, each with every column, collected once here and
//! rendered as JSON (the download) and as a readable page (`exports::my_data`).
//!
//! The rows: the account and its roles; the event registrations the member made (with the team
//! members they entered); their court bookings; their day-camp registrations (the children's
//! data) and the weeks each child attends; each child's health form (allergies, emergency
//! contacts and the adults who may pick them up) and the consents given or withdrawn; their
//! days at camp (arrivals, departures, who picked them up, absence notices, the people an admin
//! allowed to pick them up); the
//! Interac transfers that paid any of these; their waiting-list entries (with the form each
//! holds) and the offers made to them; their
//! deletion requests; the e-mail addresses they typed into those forms (as data of those records);
//! and the e-mails the centre wrote to them, by the account each belongs to (never by address).

use rusqlite::types::ValueRef;
use rusqlite::{Connection, params_from_iter};
use serde_json::{Map, Value};

/// One table's rows about the member, each as `{column: value}`.
#[derive(Debug, Clone)]
pub struct Section {
    /// Stable key: the JSON file's field and the page's heading key.
    pub key: &'static str,
    pub rows: Vec<Map<String, Value>>,
}

#[derive(Debug, Clone)]
pub struct MemberData {
    /// The account row; `None` for an unknown id.
    pub user: Option<Map<String, Value>>,
    pub sections: Vec<Section>,
}

impl MemberData {
    /// The download: `{"user": {...}, "<section>": [...], ...}`.
    pub fn to_json(&self, generated_at: &str) -> Value {
        let mut out = Map::new();
        out.insert("generatedAt".to_owned(), Value::from(generated_at));
        out.insert("user".to_owned(), self.user.clone().map_or(Value::Null, Value::Object));
        for s in &self.sections {
            out.insert(s.key.to_owned(), Value::Array(s.rows.iter().cloned().map(Value::Object).collect()));
        }
        Value::Object(out)
    }
}

fn value(v: ValueRef<'_>) -> Value {
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::from(i),
        ValueRef::Real(f) => Value::from(f),
        ValueRef::Text(t) => Value::from(String::from_utf8_lossy(t).into_owned()),
        // No column about a member holds bytes; said rather than dropped.
        ValueRef::Blob(b) => Value::from(format!("<{} bytes>", b.len())),
    }
}

/// Every row of `sql` (bound to `args`) as `{column: value}`.
fn rows(conn: &Connection, sql: &str, args: &[&str]) -> rusqlite::Result<Vec<Map<String, Value>>> {
    let mut stmt = conn.prepare(sql)?;
    let names: Vec<String> = stmt.column_names().into_iter().map(str::to_owned).collect();
    let mut out = Vec::new();
    let mut query = stmt.query(params_from_iter(args.iter()))?;
    while let Some(row) = query.next()? {
        let mut map = Map::new();
        for (i, name) in names.iter().enumerate() {
            map.insert(name.clone(), value(row.get_ref(i)?));
        }
        out.push(map);
    }
    Ok(out)
}

/// The registrations (event and day-camp) and bookings a member made.
const MINE_EVENTS: &str = "SELECT id FROM event_registrations WHERE user_id = ?1";
const MINE_CAMPS: &str = "SELECT id FROM day_camp_registrations WHERE user_id = ?1";

/// Every row about `user_id`, read in the caller's transaction (one consistent picture).
pub fn member_data(conn: &Connection, user_id: &str) -> rusqlite::Result<MemberData> {
    let user = rows(conn, "SELECT * FROM users WHERE id = ?1", &[user_id])?.into_iter().next();
    let queries = [
        ("roles", "SELECT role, granted_at FROM role_grants WHERE user_id = ?1 ORDER BY id".to_owned()),
        (
            "eventRegistrations",
            "SELECT e.title AS event_title, e.start_date AS event_start_date, r.* FROM event_registrations r
             JOIN events e ON e.id = r.event_id WHERE r.user_id = ?1 ORDER BY r.id"
                .to_owned(),
        ),
        (
            "courtBookings",
            "SELECT c.name AS court_name, b.* FROM court_bookings b JOIN courts c ON c.id = b.court_id
             WHERE b.user_id = ?1 ORDER BY b.id"
                .to_owned(),
        ),
        ("dayCampRegistrations", "SELECT * FROM day_camp_registrations WHERE user_id = ?1 ORDER BY id".to_owned()),
        (
            "dayCampWeeks",
            format!(
                "SELECT en.registration_id, en.program_id, w.label AS week, w.start_date, w.end_date
                 FROM day_camp_enrolments en JOIN day_camp_weeks w ON w.id = en.week_id
                 WHERE en.registration_id IN ({MINE_CAMPS}) ORDER BY en.registration_id, w.start_date"
            ),
        ),
        (
            "healthForms",
            format!("SELECT * FROM camp_health_forms WHERE registration_id IN ({MINE_CAMPS}) ORDER BY registration_id"),
        ),
        (
            "healthAllergies",
            format!(
                "SELECT * FROM camp_health_allergies WHERE registration_id IN ({MINE_CAMPS})
                 ORDER BY registration_id, position"
            ),
        ),
        (
            "healthPeople",
            format!(
                "SELECT * FROM camp_health_people WHERE registration_id IN ({MINE_CAMPS})
                 ORDER BY registration_id, kind, position"
            ),
        ),
        (
            "healthConsents",
            format!("SELECT * FROM camp_health_consents WHERE registration_id IN ({MINE_CAMPS}) ORDER BY id"),
        ),
        (
            // Who pays each registration (RL-24): the social insurance number masked only.
            "campPayers",
            format!(
                "SELECT registration_id, position, name, street, city, province, postal_code, share_percent,
                        CASE WHEN sin_last3 IS NULL THEN NULL ELSE '*** *** ' || sin_last3 END AS sin_masked,
                        updated_at, anonymised_at
                 FROM camp_registration_payers WHERE registration_id IN ({MINE_CAMPS})
                 ORDER BY registration_id, position"
            ),
        ),
        (
            // Each child's days at camp: arrival, departure, who picked them up.
            "campAttendance",
            format!(
                "SELECT registration_id, day, arrived_at, left_at, pickup_kind, pickup_name FROM camp_attendance
                 WHERE registration_id IN ({MINE_CAMPS}) ORDER BY registration_id, day"
            ),
        ),
        (
            "absenceNotices",
            format!(
                "SELECT registration_id, day, recorded_at FROM camp_absence_notices
                 WHERE registration_id IN ({MINE_CAMPS}) ORDER BY registration_id, day"
            ),
        ),
        (
            "pickupOverrides",
            format!(
                "SELECT registration_id, day, person_name, reason, created_at FROM camp_pickup_overrides
                 WHERE registration_id IN ({MINE_CAMPS}) ORDER BY id"
            ),
        ),
        (
            // A waiting-list entry keeps the form sent when joining (a child's health form too).
            "waitlistEntries",
            "SELECT * FROM waitlist_entries WHERE user_id = ?1 ORDER BY id".to_owned(),
        ),
        (
            "payments",
            format!(
                "SELECT id, event_registration_id, camp_registration_id, amount_cents, sender, message, transfer_date,
                        bank_reference, confirmed_at
                 FROM payment_transfers
                 WHERE event_registration_id IN ({MINE_EVENTS}) OR camp_registration_id IN ({MINE_CAMPS}) ORDER BY id"
            ),
        ),
        (
            "childRecordViews",
            format!(
                "SELECT registration_id, child_name, viewed_at FROM child_record_views
                 WHERE registration_id IN ({MINE_CAMPS}) ORDER BY viewed_at, id"
            ),
        ),
        (
            "campStaffWeeks",
            "SELECT w.label AS week, w.start_date, w.end_date FROM camp_staff_weeks s
               JOIN day_camp_weeks w ON w.id = s.week_id WHERE s.user_id = ?1 ORDER BY w.start_date"
                .to_owned(),
        ),
        (
            "waitlistOffers",
            "SELECT o.* FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
             WHERE e.user_id = ?1 ORDER BY o.id"
                .to_owned(),
        ),
        (
            // The results the member reported for their team (a captain's proposals, answers).
            "matchReports",
            "SELECT id, match_id, reporter, conceded, team1_score, team2_score, sets, created_at FROM match_reports
             WHERE user_id = ?1 ORDER BY id"
                .to_owned(),
        ),
        (
            "deletionRequests",
            "SELECT id, reason, requested_at, status, answered_at, note FROM deletion_requests WHERE user_id = ?1
             ORDER BY id"
                .to_owned(),
        ),
        (
            // The addresses the member typed into their own forms: data of those records, listed
            // for them to see, and never a way to find anything else.
            "addressesTyped",
            format!(
                "SELECT * FROM ({}) WHERE address IS NOT NULL AND address <> '' ORDER BY record, record_id, field",
                typed_addresses()
            ),
        ),
        (
            // The e-mails written for this account: owned by key (V22), whatever address they
            // went to. Each names the record it is about.
            "emails",
            "SELECT id, about_kind, about_id, to_address, subject, body_text, status, created_at, sent_at
               FROM outbox_emails WHERE user_id = ?1 ORDER BY id"
                .to_owned(),
        ),
    ];
    let mut sections = Vec::with_capacity(queries.len());
    for (key, sql) in queries {
        sections.push(Section { key, rows: rows(conn, &sql, &[user_id])? });
    }
    Ok(MemberData { user, sections })
}

/// Every address column of the member's registrations and bookings, as (record, record_id,
/// field, address) rows.
fn typed_addresses() -> String {
    let team = ["captain_email", "member2_email", "member3_email", "member4_email", "member5_email", "member6_email", "email"]
        .map(|c| format!("SELECT 'event_registrations' AS record, id AS record_id, '{c}' AS field, {c} AS address FROM event_registrations WHERE user_id = ?1"));
    let mut all = team.to_vec();
    all.push("SELECT 'court_bookings', id, 'email', email FROM court_bookings WHERE user_id = ?1".to_owned());
    all.push(
        "SELECT 'day_camp_registrations', id, 'parent_email', parent_email FROM day_camp_registrations WHERE user_id = ?1"
            .to_owned(),
    );
    all.join(" UNION ALL ")
}
