//! Reference data every new database gets (the two courts with their season and hours, the
//! day-camp programs and the coming summer's weeks) and, with `--demo`, sample events and
//! registrations. Both only fill empty tables, so a restart never duplicates anything; and
//! when nothing is missing they do not write at all, so a database that cannot take writes (a
//! full disk) still starts.

use centre_core::timefmt::utc_text;
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc, Weekday};
use rusqlite::{Connection, params};

use super::OpenError;

/// Courts: French and English names, season first and last day ('MM-DD'), daily opening hours.
pub const COURTS: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("Terrain de volleyball 1", "Volleyball court 1", "05-15", "09-30", "08:00", "21:00"),
    ("Terrain de volleyball 2", "Volleyball court 2", "05-15", "09-30", "08:00", "21:00"),
];

/// Day-camp programs: id, min age, max age, weekly price (cents), places per week.
pub const PROGRAMS: &[(&str, i64, i64, i64, i64)] =
    &[("explorateurs", 6, 8, 12_000, 20), ("aventuriers", 9, 12, 14_000, 20), ("leaders", 13, 16, 16_000, 20)];

/// The six camp weeks (Monday to Friday) of the coming summer, from the first Monday of July.
pub fn camp_weeks(today: NaiveDate) -> Vec<(NaiveDate, NaiveDate)> {
    let year = if today < NaiveDate::from_ymd_opt(today.year(), 7, 1).unwrap_or(today) {
        today.year()
    } else {
        today.year() + 1
    };
    let mut monday = NaiveDate::from_ymd_opt(year, 7, 1).unwrap_or(today);
    while monday.weekday() != Weekday::Mon {
        monday += Duration::days(1);
    }
    (0..6)
        .map(|w| {
            let start = monday + Duration::weeks(w);
            (start, start + Duration::days(4))
        })
        .collect()
}

/// Whether the courts, the day-camp programs or the camp weeks are still to be created.
fn reference_data_missing(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT NOT EXISTS (SELECT 1 FROM courts) OR NOT EXISTS (SELECT 1 FROM day_camp_programs)
             OR NOT EXISTS (SELECT 1 FROM day_camp_weeks)",
        [],
        |r| r.get(0),
    )
}

pub fn reference_data(conn: &mut Connection, today: NaiveDate) -> Result<(), OpenError> {
    let wrap = |source: rusqlite::Error| OpenError::Seeding { what: "reference data", source };
    if !reference_data_missing(conn).map_err(wrap)? {
        return Ok(());
    }
    // Counted again under the write lock: two servers starting at once seed once.
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(wrap)?;
    let courts: i64 = tx.query_row("SELECT count(*) FROM courts", [], |r| r.get(0)).map_err(wrap)?;
    if courts == 0 {
        for (position, (name, name_en, season_start, season_end, open, close)) in COURTS.iter().enumerate() {
            tx.execute(
                "INSERT INTO courts (name, name_en, position, season_start, season_end) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![name, name_en, position as i64 + 1, season_start, season_end],
            )
            .map_err(wrap)?;
            let court_id = tx.last_insert_rowid();
            for weekday in 0..7 {
                tx.execute(
                    "INSERT INTO court_hours (court_id, weekday, open_time, close_time) VALUES (?1, ?2, ?3, ?4)",
                    params![court_id, weekday, open, close],
                )
                .map_err(wrap)?;
            }
        }
    }
    let programs: i64 = tx.query_row("SELECT count(*) FROM day_camp_programs", [], |r| r.get(0)).map_err(wrap)?;
    if programs == 0 {
        for (position, (id, min_age, max_age, price, capacity)) in PROGRAMS.iter().enumerate() {
            tx.execute(
                "INSERT INTO day_camp_programs (id, position, min_age, max_age, weekly_price_cents, capacity_per_week) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, position as i64 + 1, min_age, max_age, price, capacity],
            ).map_err(wrap)?;
        }
    }
    let weeks: i64 = tx.query_row("SELECT count(*) FROM day_camp_weeks", [], |r| r.get(0)).map_err(wrap)?;
    if weeks == 0 {
        for (n, (start, end)) in camp_weeks(today).into_iter().enumerate() {
            tx.execute(
                "INSERT INTO day_camp_weeks (label, start_date, end_date) VALUES (?1, ?2, ?3)",
                params![format!("week{}", n + 1), start.to_string(), end.to_string()],
            )
            .map_err(wrap)?;
        }
        tx.execute(
            "INSERT OR IGNORE INTO day_camp_places (program_id, week_id, capacity) SELECT p.id, w.id, p.capacity_per_week FROM day_camp_programs p, day_camp_weeks w",
            [],
        ).map_err(wrap)?;
    }
    tx.commit().map_err(wrap)
}

struct DemoEvent {
    title: &'static str,
    title_en: &'static str,
    description: &'static str,
    description_en: &'static str,
    category: &'static str,
    days_ahead: i64,
    hour: u32,
    length_hours: i64,
    price_cents: i64,
    max: Option<i64>,
}

const DEMO_EVENTS: &[DemoEvent] = &[
    DemoEvent {
        title: "Tournoi de volleyball de plage 4x4",
        title_en: "4x4 beach volleyball tournament",
        description: "Tournoi amical en équipes de 4 (au moins une fille par équipe) sur nos deux terrains extérieurs.",
        description_en: "Friendly tournament, teams of 4 (at least one girl per team), on our two outdoor courts.",
        category: "volleyball",
        days_ahead: 14,
        hour: 9,
        length_hours: 8,
        price_cents: 2500,
        max: Some(48),
    },
    DemoEvent {
        title: "Course chronométrée de wakeride",
        title_en: "Wakeride timed race",
        description: "Course chronométrée à vélo sur le sentier du lac. Casque obligatoire.",
        description_en: "Timed bike race on the lake trail. Helmet required.",
        category: "wakeride",
        days_ahead: 21,
        hour: 10,
        length_hours: 4,
        price_cents: 1500,
        max: Some(40),
    },
    DemoEvent {
        title: "Fin de semaine de camping au lac",
        title_en: "Lakeside camping weekend",
        description: "Deux nuits de camping en groupe au bord du lac, feu de camp et activités.",
        description_en: "Two nights of group camping by the lake, campfire and activities.",
        category: "camping",
        days_ahead: 28,
        hour: 16,
        length_hours: 44,
        price_cents: 4000,
        max: Some(30),
    },
    DemoEvent {
        title: "Formation d'arbitre de volleyball",
        title_en: "Volleyball referee training",
        description: "Initiation aux règles et à l'arbitrage du volleyball extérieur.",
        description_en: "Introduction to the rules and refereeing of outdoor volleyball.",
        category: "formation",
        days_ahead: 10,
        hour: 18,
        length_hours: 3,
        price_cents: 0,
        max: None,
    },
];

/// Sample events and registrations, only into a database that has no events yet.
pub fn demo_data(conn: &mut Connection, tz: chrono_tz::Tz) -> Result<(), OpenError> {
    let wrap = |source: rusqlite::Error| OpenError::Seeding { what: "demo data", source };
    if conn.query_row("SELECT EXISTS (SELECT 1 FROM events)", [], |r| r.get::<_, bool>(0)).map_err(wrap)? {
        return Ok(());
    }
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(wrap)?;
    let events: i64 = tx.query_row("SELECT count(*) FROM events", [], |r| r.get(0)).map_err(wrap)?;
    if events > 0 {
        return Ok(());
    }
    let now = Utc::now();
    let today = now.with_timezone(&tz).date_naive();
    for (n, e) in DEMO_EVENTS.iter().enumerate() {
        let day = today + Duration::days(e.days_ahead);
        let local = day.and_hms_opt(e.hour, 0, 0).unwrap_or_default();
        let start = tz.from_local_datetime(&local).earliest().map_or(now, |t| t.with_timezone(&Utc));
        let end = start + Duration::hours(e.length_hours);
        tx.execute(
            "INSERT INTO events (title, title_en, description, description_en, category_id, location, start_date, end_date, price_cents, max_participants, is_active, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11)",
            params![e.title, e.title_en, e.description, e.description_en, e.category, "Centre plein air, La Pêche (Québec)", utc_text(start), utc_text(end), e.price_cents, e.max, utc_text(now)],
        ).map_err(wrap)?;
        let event_id = tx.last_insert_rowid();
        if n == 0 {
            demo_tournament(&tx, event_id, e.price_cents, start, now).map_err(wrap)?;
        }
        if n == 2 {
            demo_unpaid(&tx, event_id, e.price_cents, now).map_err(wrap)?;
        }
    }
    tx.commit().map_err(wrap)
}

/// The volleyball event's six teams and its tournament, under way: generated by the real
/// scheduler, the first five pool matches scored through the same code as the console, and a
/// sixth sent by two phones with different scores (an open conflict).
fn demo_tournament(
    tx: &Connection,
    event_id: i64,
    price_cents: i64,
    start: chrono::DateTime<Utc>,
    now: chrono::DateTime<Utc>,
) -> rusqlite::Result<()> {
    use centre_core::validation::{
        NumberInput, ScoreInput, TournamentConfigInput, validate_score, validate_tournament_config,
    };

    use crate::db::tournaments::{self, schedule, scores, sync};
    const TEAMS: [(&str, (&str, &str)); 6] = [
        ("Les Huards", ("Camille", "Tremblay")),
        ("Sable Chaud", ("Olivier", "Gagnon")),
        ("Les Castors", ("Noé", "Bouchard")),
        ("Smash Outaouais", ("Léa", "Roy")),
        ("Les Orignaux", ("Jade", "Côté")),
        ("Bloc Party", ("Samuel", "Pelletier")),
    ];
    let created = utc_text(now);
    for (team, (name, captain)) in TEAMS.into_iter().enumerate() {
        tx.execute(
            "INSERT INTO event_registrations (event_id, kind, team_name, team_number, captain_first_name, captain_last_name, captain_email,
                member2_first_name, member2_last_name, member2_email, people_count, payment_reference, amount_due_cents, created_at)
             VALUES (?1, 'team', ?2, ?3, ?4, ?5, ?6, 'Alex', 'Roy', NULL, 2, ?7, ?8, ?9)",
            params![event_id, name, team as i64 + 1, captain.0, captain.1, format!("capitaine{}@example.org", team + 1), format!("DEMO{}", team + 1), 2 * price_cents, created],
        )?;
    }
    crate::db::events::recount_participants(tx, event_id)?;
    let fail = |e: String| rusqlite::Error::InvalidParameterName(format!("demo tournament: {e}"));
    let input = TournamentConfigInput { start_time: Some(utc_text(start)), ..Default::default() };
    let config = validate_tournament_config(&input).map_err(|e| fail(format!("{e:?}")))?;
    let tournament = schedule::create(tx, event_id, &config, &created).map_err(|e| fail(format!("{e:?}")))?;
    schedule::generate(tx, tournament.id, &created).map_err(|e| fail(format!("{e:?}")))?;
    let matches = tournaments::matches(tx, tournament.id)?;
    for (m, loser) in matches.iter().zip([15.0, 19.0, 12.0, 23.0, 17.0]) {
        let input = ScoreInput {
            team1_score: Some(NumberInput::Number(21.0)),
            team2_score: Some(NumberInput::Number(loser)),
            sets: None,
        };
        let score = validate_score(&input).map_err(|e| fail(format!("{e:?}")))?;
        scores::record(tx, m.id, score, "", &created).map_err(|e| fail(format!("{e:?}")))?;
    }
    // Payments: the first team paid by an Interac transfer an admin confirmed, the second marked
    // paid by hand, the others unpaid for nine days, twice reminded, past the seven-day
    // deadline but kept because the tournament started (the Paiements tab says so).
    let nine_days_ago = utc_text(now - Duration::days(9));
    tx.execute("UPDATE events SET payment_deadline_days = 7 WHERE id = ?1", params![event_id])?;
    tx.execute(
        "UPDATE event_registrations SET created_at = ?2, reminders_sent = 2, last_reminder_at = ?3 WHERE event_id = ?1",
        params![event_id, nine_days_ago, utc_text(now - Duration::days(3))],
    )?;
    tx.execute(
        "UPDATE event_registrations SET payment_status = 'paid' WHERE event_id = ?1 AND team_number <= 2",
        params![event_id],
    )?;
    tx.execute(
        "INSERT INTO payment_transfers (event_registration_id, amount_cents, sender, message, transfer_date, bank_reference, confirmed_at)
         SELECT id, amount_due_cents, 'CAMILLE TREMBLAY', 'Les Huards DEMO1', ?2, 'CAdemo0001', ?3
           FROM event_registrations WHERE event_id = ?1 AND team_number = 1",
        params![event_id, (now - Duration::days(8)).date_naive().to_string(), created],
    )?;
    // Two phones scored the sixth match offline, differently: the first to sync counts, the
    // other waits in the Tournois tab's 'Conflits de score' for an admin to choose.
    if let Some(sixth) = matches.get(5) {
        let phones =
            [("demo-terrain-1", "Téléphone du terrain 1", 18), ("demo-terrain-2", "Cellulaire de Rosalie", 16)];
        for (device, name, loser) in phones {
            sync::name_device(tx, device, name, &created)?;
            let entry = sync::Entry {
                seq: 1,
                entry_id: format!("{device}-1"),
                match_id: sixth.id,
                team1_score: 21,
                team2_score: loser,
                base_version: sixth.version,
                entered_at: created.clone(),
                seen_teams: Some((sixth.team1_id, sixth.team2_id)),
                sets: Vec::new(),
            };
            sync::push(tx, device, &entry, "", &created).map_err(|e| fail(format!("{e:?}")))?;
        }
    }
    Ok(())
}

/// The camping weekend: one team released for non-payment (the admin may restore it), one
/// waiting two days for its first reminder.
fn demo_unpaid(tx: &Connection, event_id: i64, price_cents: i64, now: chrono::DateTime<Utc>) -> rusqlite::Result<()> {
    tx.execute("UPDATE events SET payment_deadline_days = 5 WHERE id = ?1", params![event_id])?;
    for (number, name, captain, days_ago, expired) in
        [(1, "Les Campeurs", ("Émile", "Lavoie"), 6, true), (2, "Feu de camp", ("Rosalie", "Girard"), 2, false)]
    {
        let created = utc_text(now - Duration::days(days_ago));
        let released = expired.then(|| utc_text(now - Duration::days(1)));
        tx.execute(
            "INSERT INTO event_registrations (event_id, kind, team_name, team_number, captain_first_name, captain_last_name, captain_email,
                member2_first_name, member2_last_name, people_count, payment_reference, amount_due_cents, created_at,
                status, payment_status, released_at, reminders_sent)
             VALUES (?1, 'team', ?2, ?3, ?4, ?5, ?6, 'Alex', 'Roy', 2, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![event_id, name, number, captain.0, captain.1, format!("campeur{number}@example.org"),
                format!("DEMOC{number}"), 2 * price_cents, created,
                if expired { "cancelled" } else { "confirmed" }, if expired { "expired" } else { "pending" }, released,
                i64::from(expired)],
        )?;
    }
    crate::db::events::recount_participants(tx, event_id)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camp_weeks_are_the_coming_summers_mondays() {
        let nov = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap_or_default();
        let weeks = camp_weeks(nov);
        assert_eq!(weeks.len(), 6);
        assert_eq!(weeks[0].0.to_string(), "2027-07-05");
        assert_eq!(weeks[5].1.to_string(), "2027-08-13");
        let may = NaiveDate::from_ymd_opt(2027, 5, 1).unwrap_or_default();
        assert_eq!(camp_weeks(may)[0].0.to_string(), "2027-07-05");
    }
}
