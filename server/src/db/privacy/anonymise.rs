//! What a deletion request marked done does: the member's personal data is anonymised in the
//! admin's transaction, while the rows themselves stay, so the registrations, payments and their
//! totals the accounting law asks the centre to keep (six years) are unchanged.
//!
//! Anonymised: the account (name, e-mail, picture, sign-in link: the person can no longer sign in
//! as this account), every name, e-mail, phone and note on their event registrations (the team
//! members they entered included), court bookings and day-camp registrations (the children's
//! names and health text, the parent's contact; the birth date keeps its year only; their health
//! forms and the consents to them are deleted; the payers named for the RL-24 lose their name,
//! address and social insurance number), the payer's name and message of the transfers
//! that paid them, the openings of their children's records (and their own e-mail in the log
//! when they were camp staff), the forms of their waiting-list entries, their requests' reasons,
//! and the e-mails the centre wrote to them (deleted, by the account they belong to, never by
//! address); their sessions end. Kept:
//! ids, dates, events, weeks, programs, amounts, payment states and references, team names.
//!
//! Retention (`retention.rs`) uses the same functions on the rows whose period ended.

use centre_core::timefmt::utc_text;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

/// What replaces a name.
pub const ANONYMOUS: &str = "Anonyme";

/// Which rows to anonymise: a member's (a deletion request), or the ones retention chose (ids).
#[derive(Clone, Copy, Debug)]
pub enum Rows<'a> {
    OfMember(&'a str),
    Ids(&'a [i64]),
}

impl Rows<'_> {
    /// The condition on a registration or booking table, and its one parameter.
    fn filter(self) -> (&'static str, String) {
        match self {
            Rows::OfMember(user_id) => ("user_id = ?1", user_id.to_owned()),
            Rows::Ids(ids) => ("id IN (SELECT value FROM json_each(?1))", serde_json::json!(ids).to_string()),
        }
    }
}

/// Anonymises `user_id`'s personal data (see the module documentation); a no-op for an
/// unknown id.
pub fn member(conn: &Connection, user_id: &str, now: DateTime<Utc>) -> rusqlite::Result<()> {
    // The e-mails written for them, by owner (V22): never by an address, which another
    // family may share or have typed.
    conn.execute("DELETE FROM outbox_emails WHERE user_id = ?1", [user_id])?;
    let rows = Rows::OfMember(user_id);
    event_registrations(conn, rows, now)?;
    court_bookings(conn, rows, now)?;
    camp_registrations(conn, rows, now)?;
    conn.execute(
        "UPDATE child_record_views SET viewer_email = 'anonyme-' || ?1 || '@invalid' WHERE viewer_id = ?1",
        [user_id],
    )?;
    conn.execute("DELETE FROM camp_staff_weeks WHERE user_id = ?1", [user_id])?;
    // The forms they left with their waiting-list entries (ended by the caller) name their team
    // or child.
    conn.execute(
        "UPDATE waitlist_entries SET form = NULL,
             child_key = CASE WHEN child_key IS NULL THEN NULL ELSE 'anonyme-' || id END
         WHERE user_id = ?1",
        [user_id],
    )?;
    conn.execute("UPDATE deletion_requests SET reason = NULL WHERE user_id = ?1", [user_id])?;
    // Signed out everywhere: a session holds the account's id and the provider's id token,
    // which names the person.
    conn.execute("DELETE FROM tower_sessions WHERE instr(data, CAST(?1 AS BLOB)) > 0", [user_id])?;
    conn.execute(
        "UPDATE users SET email = 'anonyme-' || id || '@invalid', first_name = NULL, last_name = NULL,
             profile_image_url = NULL, oidc_subject = NULL, email_verified = 0, updated_at = ?2
         WHERE id = ?1",
        params![user_id, utc_text(now)],
    )?;
    Ok(())
}

/// Every name, e-mail, phone and note of these event registrations (the team's people
/// included), and the payer of the transfers that paid them.
pub fn event_registrations(conn: &Connection, rows: Rows<'_>, now: DateTime<Utc>) -> rusqlite::Result<()> {
    let (which, param) = rows.filter();
    let name = |col: &str| format!("{col} = CASE WHEN {col} IS NULL THEN NULL ELSE '{ANONYMOUS}' END");
    let people: Vec<String> = ["captain", "member2", "member3", "member4", "member5", "member6"]
        .iter()
        .flat_map(|p| [name(&format!("{p}_first_name")), name(&format!("{p}_last_name")), format!("{p}_email = NULL")])
        .chain([name("first_name"), name("last_name"), "email = NULL".to_owned(), "phone = NULL".to_owned()])
        .collect();
    conn.execute(
        &format!(
            "UPDATE payment_transfers SET sender = ?2, message = ''
             WHERE event_registration_id IN (SELECT id FROM event_registrations WHERE {which})"
        ),
        params![param, ANONYMOUS],
    )?;
    conn.execute(
        &format!(
            "UPDATE event_registrations SET {}, notes = NULL, anonymised_at = ?2 WHERE {which}",
            people.join(", ")
        ),
        params![param, utc_text(now)],
    )?;
    Ok(())
}

/// The booker's name, contact and note of these court bookings.
pub fn court_bookings(conn: &Connection, rows: Rows<'_>, now: DateTime<Utc>) -> rusqlite::Result<()> {
    let (which, param) = rows.filter();
    conn.execute(
        &format!(
            "UPDATE court_bookings SET first_name = ?2, last_name = ?2, email = '', phone = '', notes = NULL,
                 anonymised_at = ?3
             WHERE {which}"
        ),
        params![param, ANONYMOUS, utc_text(now)],
    )?;
    Ok(())
}

/// These camp registrations: the child's identity (the birth date keeps its year), the parent's
/// contact, the payer of their transfers, the child's name in the record openings, and the
/// health data (`camp_health`).
pub fn camp_registrations(conn: &Connection, rows: Rows<'_>, now: DateTime<Utc>) -> rusqlite::Result<()> {
    camp_health(conn, rows, now)?;
    camp_attendance(conn, rows)?;
    let (which, param) = rows.filter();
    let of_these = format!("SELECT id FROM day_camp_registrations WHERE {which}");
    // The consents say who consented to what for a named child.
    conn.execute(&format!("DELETE FROM camp_health_consents WHERE registration_id IN ({of_these})"), [&param])?;
    conn.execute(
        &format!("UPDATE payment_transfers SET sender = ?2, message = '' WHERE camp_registration_id IN ({of_these})"),
        params![param, ANONYMOUS],
    )?;
    conn.execute(
        &format!("UPDATE child_record_views SET child_name = ?2 WHERE registration_id IN ({of_these})"),
        params![param, ANONYMOUS],
    )?;
    // The child's identity in a week (names and birth date) becomes the registration's own.
    conn.execute(
        &format!("UPDATE day_camp_enrolments SET child_key = 'anonyme-' || registration_id WHERE registration_id IN ({of_these})"),
        [&param],
    )?;
    // The payers' names, addresses and social insurance numbers; their shares stay.
    crate::db::camp_payers::anonymise_where(conn, which, &param, ANONYMOUS, &utc_text(now))?;
    conn.execute(
        &format!(
            "UPDATE day_camp_registrations SET child_first_name = ?2, child_last_name = ?2, parent_name = ?2,
                 parent_email = '', parent_phone = '', child_birth_date = substr(child_birth_date, 1, 4) || '-01-01',
                 anonymised_at = ?3
             WHERE {which}"
        ),
        params![param, ANONYMOUS, utc_text(now)],
    )?;
    Ok(())
}

/// The health data of these camp registrations (`camp_health::erase_where`), marked erased:
/// from then on the schema keeps the registration's health columns empty.
pub fn camp_health(conn: &Connection, rows: Rows<'_>, now: DateTime<Utc>) -> rusqlite::Result<()> {
    let (which, param) = rows.filter();
    crate::db::camp_health::erase_where(conn, which, &param)?;
    conn.execute(
        &format!("UPDATE day_camp_registrations SET health_erased_at = COALESCE(health_erased_at, ?2) WHERE {which}"),
        params![param, utc_text(now)],
    )?;
    Ok(())
}

/// The children's attendance at camp (V19: arrivals and departures, the phones' entries, absence
/// notices, pick-up overrides): deleted. `Ids` names registrations, also ones gone or never known
/// (an entry refused for an unknown child keeps the number it was sent with).
pub fn camp_attendance(conn: &Connection, rows: Rows<'_>) -> rusqlite::Result<()> {
    let ids = match rows {
        Rows::Ids(ids) => serde_json::json!(ids).to_string(),
        Rows::OfMember(_) => {
            let (which, param) = rows.filter();
            let mut stmt = conn.prepare(&format!("SELECT id FROM day_camp_registrations WHERE {which}"))?;
            let ids = stmt.query_map([&param], |r| r.get::<_, i64>(0))?.collect::<rusqlite::Result<Vec<i64>>>()?;
            serde_json::json!(ids).to_string()
        }
    };
    for table in ["camp_attendance", "camp_attendance_entries", "camp_absence_notices", "camp_pickup_overrides"] {
        conn.execute(
            &format!("DELETE FROM {table} WHERE registration_id IN (SELECT value FROM json_each(?1))"),
            [&ids],
        )?;
    }
    Ok(())
}
