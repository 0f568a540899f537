//! Event registrations: a team registers inside one `BEGIN IMMEDIATE` transaction that checks
//! the event, the user's earlier registration and the places left, numbers the team, writes
//! the row and recounts the event's participants. The schema refuses what slips through
//! (one registration per user and event, unique team numbers and payment references, and
//! `current_participants <= max_participants`), and those refusals come back as the same
//! outcomes as the checks, never as an internal error.

use centre_core::Lang;
use centre_core::payments::PaymentStatus;
use centre_core::registration::{RegistrationKind, RegistrationStatus, auto_team_name, team_name};
use centre_core::validation::{OptionalMember, TeamRegistration};
use centre_core::waitlist::DirectRefusal;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::events::{self, EventRow};
use super::tournaments::scores::{Changed, Refused};
use super::tournaments::teams;

/// One person of a registration as stored (every part optional for members 3 to 6).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Person {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
}

impl Person {
    /// A person counts (in the participants, the export, the cards) once they have a name.
    pub fn is_named(&self) -> bool {
        self.first_name.is_some() || self.last_name.is_some()
    }

    fn from_optional(member: &OptionalMember) -> Person {
        Person {
            first_name: member.first_name().map(|t| t.as_str().to_owned()),
            last_name: member.last_name().map(|t| t.as_str().to_owned()),
            email: member.email().map(|e| e.as_str().to_owned()),
        }
    }
}

/// A registration row. `members[0]` is member 2, ..., `members[4]` member 6.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistrationRow {
    pub id: i64,
    pub event_id: i64,
    pub user_id: Option<String>,
    pub kind: RegistrationKind,
    pub team_name: Option<String>,
    pub team_number: Option<i64>,
    pub captain: Person,
    pub members: [Person; 5],
    /// The individual's own fields.
    pub individual: Person,
    pub phone: Option<String>,
    pub notes: Option<String>,
    pub people_count: i64,
    pub status: RegistrationStatus,
    pub payment_status: PaymentStatus,
    pub payment_reference: String,
    pub amount_due_cents: i64,
    pub lang: Lang,
    pub created_at: String,
}

impl RegistrationRow {
    pub fn is_team(&self) -> bool {
        self.kind == RegistrationKind::Team
    }

    /// The team's name, or 'Équipe n' when it has none.
    pub fn display_team_name(&self) -> String {
        team_name(self.team_name.as_deref(), self.team_number).unwrap_or_default()
    }
}

const COLUMNS: &str = "id, event_id, user_id, kind, team_name, team_number,
    captain_first_name, captain_last_name, captain_email,
    member2_first_name, member2_last_name, member2_email,
    member3_first_name, member3_last_name, member3_email,
    member4_first_name, member4_last_name, member4_email,
    member5_first_name, member5_last_name, member5_email,
    member6_first_name, member6_last_name, member6_email,
    first_name, last_name, email, phone, notes, people_count, status, payment_status,
    payment_reference, amount_due_cents, lang, created_at";

fn person(row: &Row<'_>, first: usize) -> rusqlite::Result<Person> {
    Ok(Person { first_name: row.get(first)?, last_name: row.get(first + 1)?, email: row.get(first + 2)? })
}

fn from_row(row: &Row<'_>) -> rusqlite::Result<RegistrationRow> {
    Ok(RegistrationRow {
        id: row.get(0)?,
        event_id: row.get(1)?,
        user_id: row.get(2)?,
        kind: row.get(3)?,
        team_name: row.get(4)?,
        team_number: row.get(5)?,
        captain: person(row, 6)?,
        members: [person(row, 9)?, person(row, 12)?, person(row, 15)?, person(row, 18)?, person(row, 21)?],
        individual: person(row, 24)?,
        phone: row.get(27)?,
        notes: row.get(28)?,
        people_count: row.get(29)?,
        status: row.get(30)?,
        payment_status: row.get(31)?,
        payment_reference: row.get(32)?,
        amount_due_cents: row.get(33)?,
        lang: row.get(34)?,
        created_at: row.get(35)?,
    })
}

pub fn find(conn: &Connection, id: i64) -> rusqlite::Result<Option<RegistrationRow>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {COLUMNS} FROM event_registrations WHERE id = ?1"))?;
    stmt.query_row(params![id], from_row).optional()
}

/// An event's registrations, in the order they came in.
pub fn list_for_event(conn: &Connection, event_id: i64) -> rusqlite::Result<Vec<RegistrationRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM event_registrations WHERE event_id = ?1 ORDER BY created_at, id"
    ))?;
    let rows = stmt.query_map(params![event_id], from_row)?;
    rows.collect()
}

/// How many columns `from_row` reads.
const COLUMN_COUNT: usize = 36;

/// A user's own registrations with their events, the soonest event first.
pub fn list_for_user(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<(RegistrationRow, EventRow)>> {
    let registration_columns = COLUMNS.split(',').map(|c| format!("r.{}", c.trim())).collect::<Vec<_>>().join(", ");
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {registration_columns}, {} FROM event_registrations r JOIN events e ON e.id = r.event_id
         WHERE r.user_id = ?1 ORDER BY e.start_date, r.id",
        events::columns_of("e")
    ))?;
    let rows = stmt.query_map(params![user_id], |row| Ok((from_row(row)?, events::from_row_at(row, COLUMN_COUNT)?)))?;
    rows.collect()
}

/// Why a registration was refused.
#[derive(Debug)]
pub enum RegisterError {
    /// No such event, or it is inactive.
    NotFound,
    /// The event started before today.
    Past,
    AlreadyRegistered,
    /// Not enough places left for the whole team.
    Full,
    /// The places left are held by live waiting-list offers.
    HeldByOffer,
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for RegisterError {
    fn from(e: rusqlite::Error) -> Self {
        RegisterError::Db(e)
    }
}

/// Who registers and when.
#[derive(Debug, Clone)]
pub struct Registrant<'a> {
    pub user_id: &'a str,
    /// The language of the e-mails about this registration.
    pub lang: Lang,
    pub now: &'a str,
    /// The first instant of today in the centre's time zone: an event starting before it is past.
    pub today_start: &'a str,
}

/// The people a team counts for: captain, member 2, and members 3 and 4 once named.
pub fn people_of(team: &TeamRegistration) -> i64 {
    let members = [Person::from_optional(team.member3()), Person::from_optional(team.member4())];
    2 + members.iter().filter(|m| m.is_named()).count() as i64
}

/// Registers a validated team. Call it inside the write transaction (`Db::write`, BEGIN
/// IMMEDIATE): the checks and the write see the same data, so an event is never oversold.
pub fn register_team(
    conn: &Connection,
    event_id: i64,
    team: &TeamRegistration,
    who: &Registrant<'_>,
) -> Result<(RegistrationRow, EventRow), RegisterError> {
    let event = events::find_active(conn, event_id)?.ok_or(RegisterError::NotFound)?;
    if event.start_date.as_str() < who.today_start {
        return Err(RegisterError::Past);
    }
    let already: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM event_registrations WHERE event_id = ?1 AND user_id = ?2 AND status <> 'cancelled')",
        params![event_id, who.user_id],
        |r| r.get(0),
    )?;
    if already {
        return Err(RegisterError::AlreadyRegistered);
    }
    let members = [Person::from_optional(team.member3()), Person::from_optional(team.member4())];
    let people = people_of(team);
    // Places held by live waiting-list offers are nobody else's (core's rule); a member in line
    // who registers leaves it, their own offer's places theirs.
    let target = super::waitlist::Target::Event(event_id);
    super::waitlist::line::registered_directly(conn, &target, who.user_id, None, who.now)?;
    let held = super::waitlist::held(conn, &target)?;
    match centre_core::waitlist::check_direct(event.max_participants, event.current_participants, held, people) {
        Ok(()) => {}
        Err(DirectRefusal::Full) => return Err(RegisterError::Full),
        Err(DirectRefusal::HeldByOffer) => return Err(RegisterError::HeldByOffer),
    }
    let team_number: i64 = conn.query_row(
        "SELECT COALESCE(MAX(team_number), 0) + 1 FROM event_registrations WHERE event_id = ?1",
        params![event_id],
        |r| r.get(0),
    )?;
    let team_name = team.team_name().map_or_else(|| auto_team_name(team_number), |t| t.as_str().to_owned());
    let reference = super::payments::reference::for_event(conn, event_id)?;
    let captain = team.captain();
    let member2 = team.member2();
    let inserted = conn.execute(
        "INSERT INTO event_registrations (event_id, user_id, kind, team_name, team_number,
            captain_first_name, captain_last_name, captain_email,
            member2_first_name, member2_last_name, member2_email,
            member3_first_name, member3_last_name, member3_email,
            member4_first_name, member4_last_name, member4_email,
            people_count, status, payment_status, payment_reference, amount_due_cents, lang, created_at)
         VALUES (?1, ?2, 'team', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                 'confirmed', 'pending', ?18, ?19, ?20, ?21)",
        params![
            event_id,
            who.user_id,
            team_name,
            team_number,
            captain.first_name().as_str(),
            captain.last_name().as_str(),
            captain.email().as_str(),
            member2.first_name().as_str(),
            member2.last_name().as_str(),
            member2.email().as_str(),
            members[0].first_name,
            members[0].last_name,
            members[0].email,
            members[1].first_name,
            members[1].last_name,
            members[1].email,
            people,
            reference,
            event.price_cents * people,
            who.lang,
            who.now,
        ],
    );
    match inserted {
        Ok(_) => {}
        Err(e) if super::refused_by(&e, "event_id, event_registrations.user_id") => {
            return Err(RegisterError::AlreadyRegistered);
        }
        Err(e) => return Err(e.into()),
    }
    let id = conn.last_insert_rowid();
    match events::recount_participants(conn, event_id) {
        Ok(_) => {}
        // The schema's own guard against overselling: the same answer as the check above.
        Err(e) if super::refused_by(&e, "CHECK") || super::refused_by(&e, "waitlist") => {
            return Err(RegisterError::Full);
        }
        Err(e) => return Err(e.into()),
    }
    let registration = find(conn, id)?.ok_or(rusqlite::Error::QueryReturnedNoRows)?;
    let event = events::find(conn, event_id)?.ok_or(rusqlite::Error::QueryReturnedNoRows)?;
    Ok((registration, event))
}

/// Deletes a registration and recounts its event's participants. A team in a tournament is
/// withdrawn from it first (`tournaments::teams`): its unplayed matches go, or its next
/// knockout match is a forfeit. Returns the deleted row and the tournament it changed.
pub fn delete(
    conn: &Connection,
    id: i64,
    user_id: &str,
    now: &str,
) -> Result<Option<(RegistrationRow, Option<Changed>)>, Refused> {
    let Some(row) = find(conn, id)? else {
        return Ok(None);
    };
    let changed = if row.is_team() { teams::withdraw(conn, row.event_id, row.id, user_id, now)? } else { None };
    conn.execute("DELETE FROM event_registrations WHERE id = ?1", params![id])?;
    events::recount_participants(conn, row.event_id)?;
    if let Some(c) = changed {
        teams::after_withdrawal(conn, c, now)?;
    }
    Ok(Some((row, changed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_counts_once_named() {
        assert!(!Person::default().is_named());
        assert!(!Person { email: Some("a@b.co".into()), ..Person::default() }.is_named());
        assert!(Person { last_name: Some("Roy".into()), ..Person::default() }.is_named());
    }
}
