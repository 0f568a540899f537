//! The day camp's health forms (fiche santé) and the consents to them (V17). A form is written
//! with a 'given' consent row in the same transaction (the schema refuses a form without one);
//! a withdrawal writes a 'withdrawn' row and erases the form, and the registration's own health
//! columns with it. Every function runs inside the caller's transaction.

use centre_core::validation::{AdultKind, AllergySeverity, ConsentAction, HEALTH_CONSENT_VERSION, HealthForm, Person};
use rusqlite::{Connection, OptionalExtension, params};

/// One allergy as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllergyRow {
    pub what: String,
    pub severity: AllergySeverity,
    pub epinephrine: bool,
}

/// An emergency contact, or an adult who may pick the child up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRow {
    pub name: String,
    pub relation: String,
    pub phone: String,
}

/// A registration's health form as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HealthFormRow {
    pub registration_id: i64,
    pub allergies: Vec<AllergyRow>,
    pub medication: Option<String>,
    pub conditions: Option<String>,
    pub can_swim: bool,
    pub emergency_contacts: Vec<PersonRow>,
    pub pickups: Vec<PersonRow>,
    pub may_leave_alone: bool,
    pub photo_permission: bool,
    pub updated_at: String,
}

impl HealthFormRow {
    pub fn has_epinephrine(&self) -> bool {
        self.allergies.iter().any(|a| a.epinephrine)
    }
    pub fn has_severe_allergy(&self) -> bool {
        self.allergies.iter().any(|a| a.severity == AllergySeverity::Severe)
    }
}

/// One consent given or withdrawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsentRow {
    pub registration_id: i64,
    pub action: ConsentAction,
    pub version: String,
    pub user_id: Option<String>,
    pub at: String,
}

/// Records the consent (today's text) of `user_id` (none for the demo's families) and writes `form` for the registration, replacing
/// the one it had; the registration's own health columns follow.
pub fn save(
    conn: &Connection,
    registration_id: i64,
    form: &HealthForm,
    user_id: Option<&str>,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO camp_health_consents (registration_id, action, version, user_id, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![registration_id, ConsentAction::Given, HEALTH_CONSENT_VERSION, user_id, now])?;
    conn.prepare_cached("DELETE FROM camp_health_forms WHERE registration_id = ?1")?.execute([registration_id])?;
    conn.prepare_cached(
        "INSERT INTO camp_health_forms (registration_id, medication, conditions, can_swim, may_leave_alone,
            photo_permission, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        registration_id,
        form.medication().map(|t| t.as_str()),
        form.conditions().map(|t| t.as_str()),
        form.can_swim(),
        form.may_leave_alone(),
        form.photo_permission(),
        now
    ])?;
    for (position, allergy) in (0_i64..).zip(form.allergies()) {
        conn.prepare_cached(
            "INSERT INTO camp_health_allergies (registration_id, position, what, severity, epinephrine)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            registration_id,
            position,
            allergy.what().as_str(),
            allergy.severity(),
            allergy.epinephrine()
        ])?;
    }
    let people = [(AdultKind::Emergency, form.emergency_contacts()), (AdultKind::Pickup, form.pickups())];
    for (kind, list) in people {
        for (position, person) in (0_i64..).zip(list) {
            insert_person(conn, registration_id, kind, position, person)?;
        }
    }
    conn.prepare_cached(
        "UPDATE day_camp_registrations SET medical_conditions = ?2, can_swim = ?3, emergency_phone = ?4 WHERE id = ?1",
    )?
    .execute(params![
        registration_id,
        form.conditions().map(|t| t.as_str()),
        form.can_swim(),
        form.emergency_contacts().first().map(|p| p.phone().as_str())
    ])?;
    Ok(())
}

fn insert_person(conn: &Connection, id: i64, kind: AdultKind, position: i64, p: &Person) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO camp_health_people (registration_id, kind, position, name, relation, phone)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![id, kind, position, p.name().as_str(), p.relation().as_str(), p.phone().as_str()])?;
    Ok(())
}

/// The consent in force: the latest row when it is 'given'.
pub fn consent_in_force(conn: &Connection, registration_id: i64) -> rusqlite::Result<Option<ConsentRow>> {
    Ok(latest_consent(conn, registration_id)?.filter(|c| c.action == ConsentAction::Given))
}

/// The registration's latest consent row, given or withdrawn.
pub fn latest_consent(conn: &Connection, registration_id: i64) -> rusqlite::Result<Option<ConsentRow>> {
    conn.prepare_cached(
        "SELECT registration_id, action, version, user_id, at FROM camp_health_consents
          WHERE registration_id = ?1 ORDER BY id DESC LIMIT 1",
    )?
    .query_row([registration_id], consent_from_row)
    .optional()
}

fn consent_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ConsentRow> {
    Ok(ConsentRow {
        registration_id: r.get(0)?,
        action: r.get(1)?,
        version: r.get(2)?,
        user_id: r.get(3)?,
        at: r.get(4)?,
    })
}

/// Every consent row of the registrations of `user_id`, oldest first.
pub fn consents_of_user(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<ConsentRow>> {
    conn.prepare_cached(
        "SELECT c.registration_id, c.action, c.version, c.user_id, c.at FROM camp_health_consents c
           JOIN day_camp_registrations r ON r.id = c.registration_id
          WHERE r.user_id = ?1 ORDER BY c.id",
    )?
    .query_map([user_id], consent_from_row)?
    .collect()
}

/// Withdraws the consent in force: records it and erases the form and the registration's health
/// columns. `false` when no consent was in force (nothing changes).
pub fn withdraw(conn: &Connection, registration_id: i64, user_id: &str, now: &str) -> rusqlite::Result<bool> {
    let Some(consent) = consent_in_force(conn, registration_id)? else {
        return Ok(false);
    };
    conn.prepare_cached(
        "INSERT INTO camp_health_consents (registration_id, action, version, user_id, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![registration_id, ConsentAction::Withdrawn, consent.version, user_id, now])?;
    erase(conn, registration_id)?;
    Ok(true)
}

/// Erases a registration's health data: the form, its rows, and the registration's columns.
pub fn erase(conn: &Connection, registration_id: i64) -> rusqlite::Result<()> {
    erase_where(conn, "id = ?1", &registration_id)
}

/// Erases the health data of the registrations `which` selects (a condition on
/// `day_camp_registrations` with one parameter): the one place that knows what health data is,
/// for a withdrawn consent, a deletion request and retention alike.
pub fn erase_where(conn: &Connection, which: &str, param: &dyn rusqlite::ToSql) -> rusqlite::Result<()> {
    conn.execute(
        &format!("DELETE FROM camp_health_forms WHERE registration_id IN (SELECT id FROM day_camp_registrations WHERE {which})"),
        [param],
    )?;
    conn.execute(
        &format!(
            "UPDATE day_camp_registrations SET medical_conditions = NULL, can_swim = 0, emergency_phone = NULL WHERE {which}"
        ),
        [param],
    )?;
    Ok(())
}

/// The registration's health form, if it has one.
pub fn find(conn: &Connection, registration_id: i64) -> rusqlite::Result<Option<HealthFormRow>> {
    let form = conn
        .prepare_cached(
            "SELECT registration_id, medication, conditions, can_swim, may_leave_alone, photo_permission, updated_at
               FROM camp_health_forms WHERE registration_id = ?1",
        )?
        .query_row([registration_id], |r| {
            Ok(HealthFormRow {
                registration_id: r.get(0)?,
                allergies: Vec::new(),
                medication: r.get(1)?,
                conditions: r.get(2)?,
                can_swim: r.get(3)?,
                emergency_contacts: Vec::new(),
                pickups: Vec::new(),
                may_leave_alone: r.get(4)?,
                photo_permission: r.get(5)?,
                updated_at: r.get(6)?,
            })
        })
        .optional()?;
    let Some(mut form) = form else { return Ok(None) };
    form.allergies = conn
        .prepare_cached(
            "SELECT what, severity, epinephrine FROM camp_health_allergies WHERE registration_id = ?1 ORDER BY position",
        )?
        .query_map([registration_id], |r| Ok(AllergyRow { what: r.get(0)?, severity: r.get(1)?, epinephrine: r.get(2)? }))?
        .collect::<rusqlite::Result<_>>()?;
    form.emergency_contacts = people(conn, registration_id, AdultKind::Emergency)?;
    form.pickups = people(conn, registration_id, AdultKind::Pickup)?;
    Ok(Some(form))
}

fn people(conn: &Connection, registration_id: i64, kind: AdultKind) -> rusqlite::Result<Vec<PersonRow>> {
    conn.prepare_cached(
        "SELECT name, relation, phone FROM camp_health_people WHERE registration_id = ?1 AND kind = ?2 ORDER BY position",
    )?
    .query_map(params![registration_id, kind], |r| Ok(PersonRow { name: r.get(0)?, relation: r.get(1)?, phone: r.get(2)? }))?
    .collect()
}
