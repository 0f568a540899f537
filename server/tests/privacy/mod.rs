//! Privacy (Loi 25) through the real router and a real SQLite file: 'Mes données' holds every
//! row about its member and nothing about anyone else, a deletion request and its answer (done
//! anonymises and keeps the accounts whole), the incidents register and the person in charge,
//! with their bad input refused in both languages.
#![allow(clippy::unwrap_used)]

mod deletion;
mod export;
mod forms;
mod ownership;
mod retention;
mod routes;

use crate::common::{TestApp, User};

pub fn db(app: &TestApp) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    conn
}

/// What one family typed: every value unique to it, so a search of a text finds it or not.
pub struct Family {
    pub user: User,
    pub last: &'static str,
    pub child: &'static str,
    pub medical: &'static str,
    pub phone: &'static str,
    pub teammate: &'static str,
    pub parent_email: &'static str,
    /// An adult allowed to pick the child up (the health form).
    pub pickup: &'static str,
}

impl Family {
    /// Every personal value this family gave the centre.
    pub fn personal(&self) -> Vec<&str> {
        vec![
            self.last,
            self.child,
            self.medical,
            self.phone,
            self.teammate,
            self.parent_email,
            self.pickup,
            &self.user.email,
        ]
    }
}

/// Two families with overlapping rows: both teams in the same event, both children in the same
/// camp week and in line for the next, both booking the same court, both paid by transfer, an
/// e-mail to each.
pub async fn two_families(app: &TestApp) -> (Family, Family) {
    let a = Family {
        user: app.user("famille.lavoie@example.org", None).await,
        last: "Lavoie",
        child: "Maëlle",
        medical: "Allergie sévère aux noix (EpiPen)",
        phone: "819-555-0111",
        teammate: "Bastien",
        parent_email: "parent.lavoie@example.org",
        pickup: "Gisèle Tremblay-Lavoie",
    };
    let b = Family {
        user: app.user("famille.belanger@example.org", None).await,
        last: "Bélanger",
        child: "Zoéline",
        medical: "Asthme léger",
        phone: "819-555-0222",
        teammate: "Ophélie",
        parent_email: "parent.belanger@example.org",
        pickup: "Réjean Côté-Bélanger",
    };
    let conn = db(app);
    conn.execute(
        "INSERT INTO events (id, title, description, location, start_date, price_cents, max_participants, created_at)
         VALUES (1, 'Tournoi d''été', 'Description', 'La Pêche', '2099-08-24T13:00:00Z', 2500, 48, '2026-01-01T00:00:00Z')",
        [],
    )
    .unwrap();
    let week: i64 =
        conn.query_row("SELECT id FROM day_camp_weeks ORDER BY start_date LIMIT 1", [], |r| r.get(0)).unwrap();
    for (n, f) in [(1, &a), (2, &b)] {
        conn.execute(
            "INSERT INTO event_registrations (event_id, user_id, team_name, team_number, captain_first_name, captain_last_name,
                 captain_email, member2_first_name, member2_last_name, member2_email, people_count, payment_reference,
                 amount_due_cents, payment_status, notes, created_at)
             VALUES (1, ?1, ?2, ?3, 'Capitaine', ?4, ?5, ?6, ?4, ?7, 2, ?8, 5000, 'paid', ?9, '2026-01-02T00:00:00Z')",
            rusqlite::params![
                f.user.id, format!("Équipe {n}"), n, f.last, f.user.email, f.teammate,
                format!("{}@example.org", f.teammate.to_lowercase()), format!("PRIV-E{n}"), format!("Note de {}", f.last)
            ],
        )
        .unwrap();
        let event_registration = conn.last_insert_rowid();
        conn.execute(
            "INSERT INTO day_camp_registrations (user_id, program_id, child_first_name, child_last_name, child_birth_date,
                 parent_name, parent_email, parent_phone, emergency_phone, medical_conditions, can_swim, amount_cents,
                 payment_status, payment_reference, created_at)
             VALUES (?1, 'explorateurs', ?2, ?3, '2018-05-01', ?4, ?5, ?6, ?6, ?7, 1, 12000, 'paid', ?8, '2026-01-03T00:00:00Z')",
            rusqlite::params![
                f.user.id, f.child, f.last, format!("Parent {}", f.last), f.parent_email, f.phone, f.medical, format!("PRIV-C{n}")
            ],
        )
        .unwrap();
        let camp = conn.last_insert_rowid();
        // The child's health form, consented to, with an allergy and an adult who may pick them up.
        conn.execute_batch(&format!(
            "INSERT INTO camp_health_consents (registration_id, action, version, user_id, at)
                 VALUES ({camp}, 'given', 'sante-2026-1', '{user}', '2026-01-03T00:00:00Z');
             INSERT INTO camp_health_forms (registration_id, conditions, can_swim, updated_at)
                 VALUES ({camp}, '{medical}', 1, '2026-01-03T00:00:00Z');
             INSERT INTO camp_health_allergies (registration_id, position, what, severity, epinephrine)
                 VALUES ({camp}, 0, 'Noix', 'severe', 1);
             INSERT INTO camp_health_people (registration_id, kind, position, name, relation, phone)
                 VALUES ({camp}, 'emergency', 0, 'Parent {last}', 'parent', '{phone}'),
                        ({camp}, 'pickup', 0, '{pickup}', 'grand-parent', '{phone}');",
            user = f.user.id,
            medical = f.medical,
            last = f.last,
            phone = f.phone,
            pickup = f.pickup,
        ))
        .unwrap();
        // Its payer for the RL-24, with an address of their own (the number is sealed by the
        // server: rl24/).
        conn.execute(
            "INSERT INTO camp_registration_payers (registration_id, position, name, street, city, province, postal_code,
                 share_percent, updated_at)
             VALUES (?1, 1, ?2, ?3, 'La Pêche', 'QC', 'J0X 2W0', 100, '2026-01-03T00:00:00Z')",
            rusqlite::params![camp, format!("Parent {}", f.last), format!("{n} rue {}", f.last)],
        )
        .unwrap();
        // A waiting-list entry for the next week, keeping the form sent (the health form too).
        let form = serde_json::json!({"childFirstName": f.child, "childLastName": f.last, "medicalConditions": f.medical,
            "healthForm": {"pickups": [{"name": f.pickup, "relation": "grand-parent", "phone": f.phone}]}});
        conn.execute(
            "INSERT INTO waitlist_entries (kind, program_id, week_id, user_id, child_key, form, sort_key, joined_at)
             SELECT 'camp_week', 'explorateurs', w.id, ?1, ?2, ?3, ?4, '2026-01-03T00:00:00Z'
               FROM day_camp_weeks w ORDER BY w.start_date LIMIT 1 OFFSET 1",
            rusqlite::params![
                f.user.id,
                format!("{}|{}|2018-05-01", f.child.to_lowercase(), f.last.to_lowercase()),
                form.to_string(),
                n
            ],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO day_camp_enrolments (registration_id, week_id, program_id, child_key) VALUES (?1, ?2, 'explorateurs', ?3)",
            rusqlite::params![camp, week, format!("{}|{}|2018-05-01", f.child.to_lowercase(), f.last.to_lowercase())],
        )
        .unwrap();
        conn.execute(
            "UPDATE day_camp_places SET taken = taken + 1 WHERE program_id = 'explorateurs' AND week_id = ?1",
            [week],
        )
        .unwrap();
        for (event_id, camp_id, amount) in [(Some(event_registration), None, 5000), (None, Some(camp), 12000)] {
            conn.execute(
                "INSERT INTO payment_transfers (event_registration_id, camp_registration_id, amount_cents, sender, message, confirmed_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, '2026-01-04T00:00:00Z')",
                rusqlite::params![event_id, camp_id, amount, format!("Parent {}", f.last), format!("Pour {}", f.child)],
            )
            .unwrap();
        }
        conn.execute(
            "INSERT INTO court_bookings (court_id, user_id, first_name, last_name, email, phone, start_time, end_time, created_at)
             VALUES (1, ?1, 'Parent', ?2, ?3, ?4, ?5, ?6, '2026-01-05T00:00:00Z')",
            rusqlite::params![
                f.user.id, f.last, f.user.email, f.phone,
                format!("2099-07-0{n}T14:00:00Z"), format!("2099-07-0{n}T15:00:00Z")
            ],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO outbox_emails (user_id, about_kind, about_id, to_address, subject, body_text, status,
                 next_attempt_at, created_at)
             VALUES (?1, 'camp_registration', ?2, ?3, 'Inscription reçue', ?4, 'sent', '2026-01-03T00:00:00Z',
                 '2026-01-03T00:00:00Z')",
            rusqlite::params![
                f.user.id,
                camp,
                f.parent_email,
                format!("Bonjour Parent {}, {} est inscrite.", f.last, f.child)
            ],
        )
        .unwrap();
    }
    (a, b)
}
