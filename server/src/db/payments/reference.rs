//! Payment references: what the payer writes in the Interac transfer's message, and what
//! reconciliation finds there (core's `payments::matching`). Short enough to type, made of
//! characters that cannot be misread for one another, unique among the registrations of their
//! kind (the schema's unique indexes have the last word).

use rand::Rng;
use rusqlite::{Connection, params};

use super::Kind;
use super::status::table;

/// Letters and digits that cannot be misread for one another (no 0/O, 1/I/L).
pub const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Characters after the prefix.
const LENGTH: usize = 6;

/// An event registration's reference: `EV{event}-` and six characters.
pub fn for_event(conn: &Connection, event_id: i64) -> rusqlite::Result<String> {
    new_reference(conn, Kind::Event, &format!("EV{event_id}-"))
}

/// A day-camp registration's reference: `CJ-` and six characters.
pub fn for_camp(conn: &Connection) -> rusqlite::Result<String> {
    new_reference(conn, Kind::Camp, "CJ-")
}

fn new_reference(conn: &Connection, kind: Kind, prefix: &str) -> rusqlite::Result<String> {
    let mut rng = rand::rng();
    let sql = format!("SELECT EXISTS (SELECT 1 FROM {} WHERE payment_reference = ?1)", table(kind));
    loop {
        let code: String = (0..LENGTH).map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())])).collect();
        let reference = format!("{prefix}{code}");
        let taken: bool = conn.prepare_cached(&sql)?.query_row(params![reference], |r| r.get(0))?;
        if !taken {
            return Ok(reference);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_short_and_unambiguous() {
        let conn = Connection::open_in_memory().unwrap_or_else(|_| unreachable!());
        conn.execute_batch(
            "CREATE TABLE event_registrations (payment_reference TEXT UNIQUE, event_id INTEGER, user_id TEXT);
             CREATE TABLE day_camp_registrations (payment_reference TEXT UNIQUE);",
        )
        .unwrap_or_else(|_| unreachable!());
        let reference = for_event(&conn, 12).unwrap_or_default();
        assert_eq!(reference.len(), "EV12-".len() + 6, "{reference}");
        assert!(reference.starts_with("EV12-"));
        assert!(reference[5..].bytes().all(|b| ALPHABET.contains(&b)));
        let reference = for_camp(&conn).unwrap_or_default();
        assert_eq!(reference.len(), "CJ-".len() + 6, "{reference}");
        assert!(reference.starts_with("CJ-"));
        assert!(reference[3..].bytes().all(|b| ALPHABET.contains(&b)));
    }

    #[test]
    fn a_taken_reference_is_never_given_again() {
        let conn = Connection::open_in_memory().unwrap_or_else(|_| unreachable!());
        conn.execute_batch("CREATE TABLE day_camp_registrations (payment_reference TEXT UNIQUE);")
            .unwrap_or_else(|_| unreachable!());
        for _ in 0..200 {
            let reference = for_camp(&conn).unwrap_or_default();
            conn.execute("INSERT INTO day_camp_registrations VALUES (?1)", [&reference])
                .unwrap_or_else(|e| panic!("{reference}: {e}"));
        }
    }
}
