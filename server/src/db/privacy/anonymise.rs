//! What a deletion request marked done does: the member's personal data is anonymised in the
//! admin's transaction, while the rows themselves stay, so the registrations, payments and their
//! totals the accounting law asks the centre to keep (six years) are unchanged.
//!
//! Anonymised: the account (name, e-mail, picture, sign-in link: the person can no longer sign in
//! as this account), every name, e-mail, phone and note on their event registrations (the team
//! members they entered included), court bookings and day-camp registrations (the children's
//! names and health text, the parent's contact; the birth date keeps its year only; their health
//! forms and the consents to them are deleted, and so are the forms their waiting-list entries
//! kept), the payer's
//! name and message of the transfers that paid them, the openings of their children's records
//! (and their own e-mail in the log when they were camp staff), their requests' reasons, and the e-mails the
//! centre kept for an address of theirs (deleted); their sessions end. Kept: ids, dates, events, weeks, programs,
//! amounts, payment states and references, team names.

use centre_core::timefmt::utc_text;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::export::ADDRESSES;

/// What replaces a name.
pub const ANONYMOUS: &str = "Anonyme";

/// Anonymises `user_id`'s personal data (see the module documentation); a no-op for an
/// unknown id.
pub fn member(conn: &Connection, user_id: &str, now: DateTime<Utc>) -> rusqlite::Result<()> {
    // The e-mails first, while the addresses are still known.
    conn.execute(&format!("DELETE FROM outbox_emails WHERE to_address COLLATE NOCASE IN ({ADDRESSES})"), [user_id])?;
    let name = |col: &str| format!("{col} = CASE WHEN {col} IS NULL THEN NULL ELSE '{ANONYMOUS}' END");
    let people: Vec<String> = ["captain", "member2", "member3", "member4", "member5", "member6"]
        .iter()
        .flat_map(|p| [name(&format!("{p}_first_name")), name(&format!("{p}_last_name")), format!("{p}_email = NULL")])
        .chain([name("first_name"), name("last_name"), "email = NULL".to_owned(), "phone = NULL".to_owned()])
        .collect();
    conn.execute(
        &format!("UPDATE event_registrations SET {}, notes = NULL WHERE user_id = ?1", people.join(", ")),
        [user_id],
    )?;
    conn.execute(
        "UPDATE court_bookings SET first_name = ?2, last_name = ?2, email = '', phone = '', notes = NULL
         WHERE user_id = ?1",
        params![user_id, ANONYMOUS],
    )?;
    conn.execute(
        "UPDATE payment_transfers SET sender = ?2, message = ''
         WHERE event_registration_id IN (SELECT id FROM event_registrations WHERE user_id = ?1)
            OR camp_registration_id IN (SELECT id FROM day_camp_registrations WHERE user_id = ?1)",
        params![user_id, ANONYMOUS],
    )?;
    // The record openings name the child, and the viewer when the member was camp staff.
    conn.execute(
        "UPDATE child_record_views SET child_name = ?2
         WHERE registration_id IN (SELECT id FROM day_camp_registrations WHERE user_id = ?1)",
        params![user_id, ANONYMOUS],
    )?;
    conn.execute(
        "UPDATE child_record_views SET viewer_email = 'anonyme-' || ?1 || '@invalid' WHERE viewer_id = ?1",
        [user_id],
    )?;
    conn.execute("DELETE FROM camp_staff_weeks WHERE user_id = ?1", [user_id])?;
    // The children's health forms (with their allergies and adults) and the consents to them go.
    conn.execute(
        "DELETE FROM camp_health_forms WHERE registration_id IN (SELECT id FROM day_camp_registrations WHERE user_id = ?1)",
        [user_id],
    )?;
    conn.execute(
        "DELETE FROM camp_health_consents WHERE registration_id IN (SELECT id FROM day_camp_registrations WHERE user_id = ?1)",
        [user_id],
    )?;
    // The forms kept by their waiting-list entries (names, the child's health form) go.
    conn.execute(
        "UPDATE waitlist_entries SET form = NULL,
             child_key = CASE WHEN child_key IS NULL THEN NULL ELSE 'anonyme-' || id END
         WHERE user_id = ?1",
        [user_id],
    )?;
    // The child's identity in a week (names and birth date) becomes the registration's own.
    conn.execute(
        "UPDATE day_camp_enrolments SET child_key = 'anonyme-' || registration_id
         WHERE registration_id IN (SELECT id FROM day_camp_registrations WHERE user_id = ?1)",
        [user_id],
    )?;
    conn.execute(
        "UPDATE day_camp_registrations SET child_first_name = ?2, child_last_name = ?2, parent_name = ?2,
             parent_email = '', parent_phone = '', emergency_phone = NULL, medical_conditions = NULL,
             child_birth_date = substr(child_birth_date, 1, 4) || '-01-01'
         WHERE user_id = ?1",
        params![user_id, ANONYMOUS],
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
