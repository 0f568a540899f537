//! Day camps: programs, weeks and their places, and registrations. A registration is one
//! `BEGIN IMMEDIATE` transaction (the caller's `Db::write`) that checks the weeks, the child's
//! age, the child's other registrations, then takes one place in every chosen week, or none:
//! any refusal returns before the commit, so the transaction rolls back whole. The schema
//! refuses what slips through (`taken <= capacity`, one child once per week, unique payment
//! references), and those refusals come back as the same outcomes as the checks.

use centre_core::Lang;
use centre_core::camps::{self, AgeMismatch, AgeRange};
use centre_core::payments::PaymentStatus;
use centre_core::validation::{DayCampRegistration, Gender};
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, params};

/// A program as stored; money in cents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramRow {
    pub id: String,
    pub min_age: u32,
    pub max_age: u32,
    pub weekly_price_cents: i64,
    pub capacity_per_week: i64,
    pub day_start: String,
    pub day_end: String,
    /// Hours a waiting-list offer holds a place (2 to 336); `None` is core's default.
    pub offer_hours: Option<i64>,
}

impl ProgramRow {
    pub fn ages(&self) -> AgeRange<'_> {
        AgeRange { program_id: &self.id, min_age: self.min_age, max_age: self.max_age }
    }
}

/// A camp week (Monday to Friday); `label` is `week1` to `week6` for the seeded summer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeekRow {
    pub id: i64,
    pub label: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

/// One program's places in one week.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Places {
    pub program_id: String,
    pub capacity: i64,
    pub taken: i64,
    /// Places held by live waiting-list offers: nobody else's.
    pub held: i64,
}

impl Places {
    /// Places open to anyone (core's rule: capacity − registrations − live offers).
    pub fn remaining(&self) -> i64 {
        centre_core::waitlist::available(Some(self.capacity), self.taken, self.held).unwrap_or(0)
    }
}

/// A registration with the weeks it holds a place in, in date order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistrationRow {
    pub id: i64,
    pub user_id: Option<String>,
    pub program_id: String,
    pub child_first_name: String,
    pub child_last_name: String,
    pub child_birth_date: NaiveDate,
    pub child_gender: Option<Gender>,
    pub parent_name: String,
    pub parent_email: String,
    pub parent_phone: String,
    pub emergency_phone: Option<String>,
    pub medical_conditions: Option<String>,
    pub can_swim: bool,
    pub amount_cents: i64,
    pub payment_status: PaymentStatus,
    pub payment_reference: String,
    pub lang: Lang,
    pub created_at: String,
    pub weeks: Vec<WeekRow>,
}

const PROGRAM_COLUMNS: &str =
    "id, min_age, max_age, weekly_price_cents, capacity_per_week, day_start, day_end, offer_hours";

fn program_from_row(row: &Row<'_>) -> rusqlite::Result<ProgramRow> {
    Ok(ProgramRow {
        id: row.get(0)?,
        min_age: row.get(1)?,
        max_age: row.get(2)?,
        weekly_price_cents: row.get(3)?,
        capacity_per_week: row.get(4)?,
        day_start: row.get(5)?,
        day_end: row.get(6)?,
        offer_hours: row.get(7)?,
    })
}

fn week_from_row(row: &Row<'_>, first: usize) -> rusqlite::Result<WeekRow> {
    Ok(WeekRow {
        id: row.get(first)?,
        label: row.get(first + 1)?,
        start_date: row.get(first + 2)?,
        end_date: row.get(first + 3)?,
    })
}

/// Every program, in the page's order.
pub fn list_programs(conn: &Connection) -> rusqlite::Result<Vec<ProgramRow>> {
    let mut stmt =
        conn.prepare_cached(&format!("SELECT {PROGRAM_COLUMNS} FROM day_camp_programs ORDER BY position"))?;
    stmt.query_map([], program_from_row)?.collect()
}

pub fn find_program(conn: &Connection, id: &str) -> rusqlite::Result<Option<ProgramRow>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {PROGRAM_COLUMNS} FROM day_camp_programs WHERE id = ?1"))?;
    stmt.query_row(params![id], program_from_row).optional()
}

/// Sets a program's waiting-list offer window (`None`: the default); the program after, or
/// `None` when there is no such program.
pub fn set_offer_hours(conn: &Connection, id: &str, hours: Option<i64>) -> rusqlite::Result<Option<ProgramRow>> {
    conn.execute("UPDATE day_camp_programs SET offer_hours = ?2 WHERE id = ?1", params![id, hours])?;
    find_program(conn, id)
}

pub fn find_week(conn: &Connection, id: i64) -> rusqlite::Result<Option<WeekRow>> {
    let mut stmt = conn.prepare_cached("SELECT id, label, start_date, end_date FROM day_camp_weeks WHERE id = ?1")?;
    stmt.query_row(params![id], |r| week_from_row(r, 0)).optional()
}

/// Every week in date order, each with the places of every program (in program order).
pub fn list_weeks(conn: &Connection) -> rusqlite::Result<Vec<(WeekRow, Vec<Places>)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT w.id, w.label, w.start_date, w.end_date, p.program_id, p.capacity, p.taken,
                (SELECT COALESCE(SUM(o.places), 0) FROM waitlist_offers o
                  WHERE o.program_id = p.program_id AND o.week_id = p.week_id AND o.state = 'live')
           FROM day_camp_weeks w
           LEFT JOIN day_camp_places p ON p.week_id = w.id
           LEFT JOIN day_camp_programs g ON g.id = p.program_id
          ORDER BY w.start_date, w.id, g.position",
    )?;
    let mut out: Vec<(WeekRow, Vec<Places>)> = Vec::new();
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let week = week_from_row(row, 0)?;
        let program_id: Option<String> = row.get(4)?;
        if out.last().is_none_or(|(w, _)| w.id != week.id) {
            out.push((week, Vec::new()));
        }
        if let (Some(program_id), Some((_, places))) = (program_id, out.last_mut()) {
            places.push(Places { program_id, capacity: row.get(5)?, taken: row.get(6)?, held: row.get(7)? });
        }
    }
    Ok(out)
}

/// What a registration asks for, validated by core.
pub struct NewRegistration<'a> {
    pub user_id: &'a str,
    /// The program the parent chose; `None` picks the program that fits the child's age.
    pub program_id: Option<&'a str>,
    /// At least one, no duplicates (core checked).
    pub week_ids: &'a [i64],
    pub form: &'a DayCampRegistration,
    /// The language of the e-mails about this registration.
    pub lang: Lang,
    /// The centre's local date: weeks starting today or earlier are closed.
    pub today: NaiveDate,
    /// UTC text.
    pub now: &'a str,
}

#[derive(Debug)]
pub enum RegisterError {
    WeekUnknown,
    ProgramUnknown,
    WeekStarted(WeekRow),
    /// The child's age does not fit the chosen program on a week's first day.
    Age(Box<AgeRefusal>),
    /// No program was chosen and none fits the child on every chosen week.
    NoProgramForAge,
    /// The same child already holds a place in `week`.
    Duplicate(WeekRow),
    /// No place left in `week` for the program.
    Full(WeekRow),
    /// The places left in `week` are held by live waiting-list offers.
    HeldByOffer(WeekRow),
    Db(rusqlite::Error),
}

/// The program, the week whose first day the age does not fit, and the age on that day.
#[derive(Debug)]
pub struct AgeRefusal {
    pub program: ProgramRow,
    pub week: WeekRow,
    pub mismatch: AgeMismatch,
}

impl From<rusqlite::Error> for RegisterError {
    fn from(e: rusqlite::Error) -> Self {
        RegisterError::Db(e)
    }
}

/// Registers the child in every chosen week or in none. Call inside `Db::write`: an `Err`
/// leaves the transaction uncommitted, so places taken before a refusal are given back.
pub fn register(conn: &Connection, new: &NewRegistration<'_>) -> Result<(RegistrationRow, ProgramRow), RegisterError> {
    let mut weeks = Vec::with_capacity(new.week_ids.len());
    for &id in new.week_ids {
        weeks.push(find_week(conn, id)?.ok_or(RegisterError::WeekUnknown)?);
    }
    if let Some(started) = weeks.iter().find(|w| w.start_date <= new.today) {
        return Err(RegisterError::WeekStarted(started.clone()));
    }
    let form = new.form;
    let birth = form.child_birth_date();
    let starts: Vec<NaiveDate> = weeks.iter().map(|w| w.start_date).collect();
    let program = match new.program_id {
        Some(id) => {
            let program = find_program(conn, id)?.ok_or(RegisterError::ProgramUnknown)?;
            if let Err(mismatch) = camps::check_age(birth, &starts, program.ages()) {
                let week = weeks
                    .iter()
                    .find(|w| w.start_date == mismatch.week_start)
                    .or_else(|| weeks.first())
                    .cloned()
                    .ok_or(RegisterError::WeekUnknown)?;
                return Err(RegisterError::Age(Box::new(AgeRefusal { program, week, mismatch })));
            }
            program
        }
        None => {
            let programs = list_programs(conn)?;
            let ranges: Vec<AgeRange<'_>> = programs.iter().map(ProgramRow::ages).collect();
            let id = camps::program_for_child(birth, &starts, &ranges).ok_or(RegisterError::NoProgramForAge)?;
            programs.iter().find(|p| p.id == id).cloned().ok_or(RegisterError::ProgramUnknown)?
        }
    };
    let child_key = camps::child_key(form.child_first_name().as_str(), form.child_last_name().as_str(), birth);
    for week in &weeks {
        let taken: bool = conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM day_camp_enrolments WHERE week_id = ?1 AND child_key = ?2)")?
            .query_row(params![week.id, child_key], |r| r.get(0))?;
        if taken {
            return Err(RegisterError::Duplicate(week.clone()));
        }
    }
    // Take one place per week; a week with none left refuses the whole registration. Places
    // held by live waiting-list offers are nobody else's (core's rule); a child in a week's line
    // who is registered leaves it, their own offer's place theirs.
    for week in &weeks {
        let target = super::waitlist::Target::CampWeek { program_id: program.id.clone(), week_id: week.id };
        super::waitlist::line::registered_directly(conn, &target, new.user_id, Some(&child_key), new.now)?;
        if let Some((capacity, taken, held)) = super::waitlist::counts(conn, &target)?
            && centre_core::waitlist::check_direct(capacity, taken, held, 1)
                == Err(centre_core::waitlist::DirectRefusal::HeldByOffer)
        {
            return Err(RegisterError::HeldByOffer(week.clone()));
        }
        let changed = conn
            .prepare_cached(
                "UPDATE day_camp_places SET taken = taken + 1
                  WHERE program_id = ?1 AND week_id = ?2 AND taken < capacity",
            )?
            .execute(params![program.id, week.id]);
        match changed {
            Ok(1) => {}
            Ok(_) => return Err(RegisterError::Full(week.clone())),
            Err(e) if super::refusal(&e).is_some() => return Err(RegisterError::Full(week.clone())),
            Err(e) => return Err(e.into()),
        }
    }
    let amount = camps::amount_cents(u64::try_from(program.weekly_price_cents).unwrap_or(0), weeks.len())
        .and_then(|a| i64::try_from(a).ok())
        .unwrap_or(i64::MAX);
    let reference = super::payments::reference::for_camp(conn)?;
    conn.prepare_cached(
        "INSERT INTO day_camp_registrations (user_id, program_id, child_first_name, child_last_name, child_birth_date,
            child_gender, parent_name, parent_email, parent_phone, emergency_phone, medical_conditions, can_swim,
            amount_cents, payment_status, payment_reference, lang, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 'pending', ?14, ?15, ?16)",
    )?
    .execute(params![
        new.user_id,
        program.id,
        form.child_first_name().as_str(),
        form.child_last_name().as_str(),
        birth,
        form.child_gender(),
        form.parent_name().as_str(),
        form.parent_email().as_str(),
        form.parent_phone().as_str(),
        form.emergency_phone().map(|p| p.as_str()),
        form.medical_conditions().map(|t| t.as_str()),
        form.can_swim(),
        amount,
        reference,
        new.lang,
        new.now,
    ])?;
    let id = conn.last_insert_rowid();
    for week in &weeks {
        let inserted = conn
            .prepare_cached(
                "INSERT INTO day_camp_enrolments (registration_id, week_id, program_id, child_key) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![id, week.id, program.id, child_key]);
        match inserted {
            Ok(_) => {}
            Err(e) if super::refusal(&e).is_some() => return Err(RegisterError::Duplicate(week.clone())),
            Err(e) => return Err(e.into()),
        }
    }
    // The health form, with the consent the form required (core checked it was given).
    super::camp_health::save(conn, id, form.health(), Some(new.user_id), new.now)?;
    let registration = find(conn, id)?.ok_or(RegisterError::Db(rusqlite::Error::QueryReturnedNoRows))?;
    Ok((registration, program))
}

const REGISTRATION_COLUMNS: &str = "r.id, r.user_id, r.program_id, r.child_first_name, r.child_last_name, \
     r.child_birth_date, r.child_gender, r.parent_name, r.parent_email, r.parent_phone, r.emergency_phone, \
     r.medical_conditions, r.can_swim, r.amount_cents, r.payment_status, r.payment_reference, r.lang, r.created_at";

fn registration_from_row(row: &Row<'_>) -> rusqlite::Result<RegistrationRow> {
    Ok(RegistrationRow {
        id: row.get(0)?,
        user_id: row.get(1)?,
        program_id: row.get(2)?,
        child_first_name: row.get(3)?,
        child_last_name: row.get(4)?,
        child_birth_date: row.get(5)?,
        child_gender: row.get(6)?,
        parent_name: row.get(7)?,
        parent_email: row.get(8)?,
        parent_phone: row.get(9)?,
        emergency_phone: row.get(10)?,
        medical_conditions: row.get(11)?,
        can_swim: row.get(12)?,
        amount_cents: row.get(13)?,
        payment_status: row.get(14)?,
        payment_reference: row.get(15)?,
        lang: row.get(16)?,
        created_at: row.get(17)?,
        weeks: Vec::new(),
    })
}

fn weeks_of(conn: &Connection, registration_id: i64) -> rusqlite::Result<Vec<WeekRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT w.id, w.label, w.start_date, w.end_date FROM day_camp_enrolments e
           JOIN day_camp_weeks w ON w.id = e.week_id
          WHERE e.registration_id = ?1 ORDER BY w.start_date, w.id",
    )?;
    stmt.query_map(params![registration_id], |r| week_from_row(r, 0))?.collect()
}

fn with_weeks(conn: &Connection, mut rows: Vec<RegistrationRow>) -> rusqlite::Result<Vec<RegistrationRow>> {
    for row in &mut rows {
        row.weeks = weeks_of(conn, row.id)?;
    }
    Ok(rows)
}

pub fn find(conn: &Connection, id: i64) -> rusqlite::Result<Option<RegistrationRow>> {
    let mut stmt =
        conn.prepare_cached(&format!("SELECT {REGISTRATION_COLUMNS} FROM day_camp_registrations r WHERE r.id = ?1"))?;
    match stmt.query_row(params![id], registration_from_row).optional()? {
        Some(mut row) => {
            row.weeks = weeks_of(conn, row.id)?;
            Ok(Some(row))
        }
        None => Ok(None),
    }
}

/// One registration of `user_id`; `None` when missing or someone else's.
pub fn find_for_user(conn: &Connection, id: i64, user_id: &str) -> rusqlite::Result<Option<RegistrationRow>> {
    Ok(find(conn, id)?.filter(|r| r.user_id.as_deref() == Some(user_id)))
}

/// The user's own registrations, newest first.
pub fn list_for_user(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<RegistrationRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REGISTRATION_COLUMNS} FROM day_camp_registrations r WHERE r.user_id = ?1 ORDER BY r.created_at DESC, r.id DESC"
    ))?;
    let rows = stmt.query_map(params![user_id], registration_from_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
    with_weeks(conn, rows)
}

/// The registrations money was received for (paid, or paid then refunded), oldest first: what
/// the RL-24 figures read.
pub fn list_paid_or_refunded(conn: &Connection) -> rusqlite::Result<Vec<RegistrationRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REGISTRATION_COLUMNS} FROM day_camp_registrations r
          WHERE r.payment_status IN (?1, ?2) AND r.amount_cents > 0 ORDER BY r.id"
    ))?;
    let rows = stmt
        .query_map(params![PaymentStatus::Paid, PaymentStatus::Refunded], registration_from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    with_weeks(conn, rows)
}

/// The children registered in one week: program order, then last and first name.
pub fn list_for_week(conn: &Connection, week_id: i64) -> rusqlite::Result<Vec<RegistrationRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REGISTRATION_COLUMNS} FROM day_camp_enrolments e
           JOIN day_camp_registrations r ON r.id = e.registration_id
           JOIN day_camp_programs p ON p.id = e.program_id
          WHERE e.week_id = ?1
          ORDER BY p.position, r.child_last_name COLLATE NOCASE, r.child_first_name COLLATE NOCASE, r.id"
    ))?;
    let rows = stmt.query_map(params![week_id], registration_from_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
    with_weeks(conn, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remaining_places_never_go_below_zero() {
        let places = Places { program_id: "leaders".into(), capacity: 20, taken: 20, held: 0 };
        assert_eq!(places.remaining(), 0);
        assert_eq!(Places { taken: 5, ..places.clone() }.remaining(), 15);
        assert_eq!(Places { taken: 5, held: 3, ..places }.remaining(), 12, "live offers hold theirs");
    }
}
