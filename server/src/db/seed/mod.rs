//! Reference data every new database gets (the two courts with their season and hours, the
//! day-camp programs and the coming summer's weeks) and, with `--demo`, a centre that looks alive
//! whatever the day and the hour: the day's tournament under way or over (`tournament.rs`), the
//! next one taking registrations, day camps filling up, courts booked, payments in every state. Both only fill empty tables, so a restart
//! never duplicates anything; and when nothing is missing they do not write at all, so a
//! database that cannot take writes (a full disk) still starts.

use centre_core::payments::PaymentStatus;
use centre_core::registration::RegistrationStatus;
use centre_core::slots::DEFAULT_SLOT_MINUTES;
use centre_core::timefmt::utc_text;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Timelike, Utc, Weekday};
use rusqlite::{Connection, OptionalExtension, params};

use super::OpenError;

mod tournament;
pub use tournament::{DayTournament, day_tournament};

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

/// The member of the demo: the development sign-in with this address shows a member home with a
/// team in today's tournament, a child in day camp and a court booking.
pub const DEMO_MEMBER: DemoPerson = DemoPerson { first: "Sophie", last: "Gagnon", email: "sophie.gagnon@example.org" };

/// The demo's counsellor ('Animateur'): the development sign-in with this address opens
/// /animation on the first two camp weeks, one child's record already opened once (the log).
pub const DEMO_COUNSELLOR: DemoPerson =
    DemoPerson { first: "Élodie", last: "Bérubé-Tremblay", email: "elodie.animation@example.org" };

/// A person of the demo.
#[derive(Debug, Clone, Copy)]
pub struct DemoPerson {
    pub first: &'static str,
    pub last: &'static str,
    pub email: &'static str,
}

const PLACE: &str = "Centre plein air, La Pêche (Québec)";

/// When a demo event starts: the day's tournament when its schedule says
/// ([`tournament::day_tournament`]); the others some days ahead at a given hour.
#[derive(Debug, Clone, Copy)]
enum When {
    DayTournament,
    Ahead {
        days: i64,
        hour: u32,
    },
    /// A league: its first night, the next Tuesday at 18:30.
    Tuesdays,
}

/// The first Tuesday after `today`.
fn next_tuesday(today: NaiveDate) -> NaiveDate {
    let ahead = (Weekday::Tue.num_days_from_monday() + 7 - today.weekday().num_days_from_monday()) % 7;
    today + Duration::days(if ahead == 0 { 7 } else { i64::from(ahead) })
}

/// A league's season in the courts' season (`start` to `end`, the one not over by `today`):
/// its first night, the first Tuesday after today within it (else in the next season, `next`),
/// and up to ten weekly nights before it ends.
fn league_season(
    today: NaiveDate,
    (start, end): (NaiveDate, NaiveDate),
    next: (NaiveDate, NaiveDate),
) -> (NaiveDate, i64) {
    let first_in = |(start, end): (NaiveDate, NaiveDate)| {
        let first = next_tuesday(today.max(start - Duration::days(1)));
        (first <= end).then(|| (first, ((end - first).num_days() / 7 + 1).min(10)))
    };
    first_in((start, end)).or_else(|| first_in(next)).unwrap_or((next_tuesday(today), 10))
}

struct DemoEvent {
    title: &'static str,
    title_en: &'static str,
    description: &'static str,
    description_en: &'static str,
    category: &'static str,
    when: When,
    length_hours: i64,
    price_cents: i64,
    max: Option<i64>,
}

/// In this order: the first is /event/1, today's tournament (the browser tests open it).
const DEMO_EVENTS: &[DemoEvent] = &[
    DemoEvent {
        title: "Tournoi de volleyball de plage 4x4",
        title_en: "4x4 beach volleyball tournament",
        description: "Tournoi amical en équipes de 4 (au moins une fille par équipe) sur nos deux terrains extérieurs.",
        description_en: "Friendly tournament, teams of 4 (at least one girl per team), on our two outdoor courts.",
        category: "volleyball",
        when: When::DayTournament,
        length_hours: 8,
        price_cents: 2500,
        max: Some(48),
    },
    DemoEvent {
        title: "Coupe du lac de volleyball 4x4",
        title_en: "Lake Cup 4x4 volleyball tournament",
        description: "Le prochain tournoi : équipes de 4, poules puis éliminatoires. Inscriptions ouvertes.",
        description_en: "The next tournament: teams of 4, pools then knockouts. Registration is open.",
        category: "volleyball",
        when: When::Ahead { days: 16, hour: 9 },
        length_hours: 8,
        price_cents: 3000,
        max: Some(40),
    },
    DemoEvent {
        title: "Course chronométrée de wakeride",
        title_en: "Wakeride timed race",
        description: "Course chronométrée à vélo sur le sentier du lac. Casque obligatoire.",
        description_en: "Timed bike race on the lake trail. Helmet required.",
        category: "wakeride",
        when: When::Ahead { days: 21, hour: 10 },
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
        when: When::Ahead { days: 28, hour: 16 },
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
        when: When::Ahead { days: 10, hour: 18 },
        length_hours: 3,
        price_cents: 0,
        max: None,
    },
    DemoEvent {
        title: "Ligue de volleyball du mardi",
        title_en: "Tuesday volleyball league",
        description: "Ligue 4x4 tous les mardis à 18 h 30 : groupes de 3 par terrain, le premier monte, le dernier descend.",
        description_en: "4x4 league every Tuesday at 6:30 p.m.: groups of 3 per court, the first moves up, the last moves down.",
        category: "volleyball",
        when: When::Tuesdays,
        length_hours: 3,
        price_cents: 6000,
        max: Some(60),
    },
];

/// A registration's payment in the demo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pay {
    /// Paid by an Interac transfer an admin confirmed against it.
    Transfer,
    /// Marked paid by hand.
    Paid,
    Pending {
        reminders: i64,
    },
    /// Released for non-payment past the deadline.
    Expired,
    /// Money returned; released.
    Refunded,
}

impl Pay {
    fn status(self) -> PaymentStatus {
        match self {
            Pay::Transfer | Pay::Paid => PaymentStatus::Paid,
            Pay::Pending { .. } => PaymentStatus::Pending,
            Pay::Expired => PaymentStatus::Expired,
            Pay::Refunded => PaymentStatus::Refunded,
        }
    }

    fn released(self) -> bool {
        self.status().is_released()
    }

    /// A released registration is cancelled: its places are given back.
    fn registration(self) -> RegistrationStatus {
        if self.released() { RegistrationStatus::Cancelled } else { RegistrationStatus::Confirmed }
    }

    fn reminders(self) -> i64 {
        match self {
            Pay::Pending { reminders } => reminders,
            Pay::Expired => 2,
            _ => 0,
        }
    }
}

/// The days of the demo's court bookings: this week and the next when the season is on, else
/// the season's first two weeks; never outside the season (`season`, first and last day).
pub fn booking_days(today: NaiveDate, season: (NaiveDate, NaiveDate)) -> Vec<NaiveDate> {
    let (first, last) = season;
    let from = if (first..=last).contains(&today) {
        today - Duration::days(i64::from(today.weekday().num_days_from_monday()))
    } else {
        first
    };
    (0..14).map(|d| from + Duration::days(d)).filter(|d| (first..=last).contains(d)).collect()
}

/// Sample events, registrations, the day's tournament, day camps and court bookings, only into a
/// database that has no events yet. Its dates follow `now` (the server's clock): whatever the day
/// and the hour, the day's tournament is under way or over at the courts' hours, the next one
/// takes registrations, the camps fill the coming summer's weeks and the courts are booked in
/// their season.
pub fn demo_data(
    conn: &mut Connection,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
    sin_key: Option<&crate::secret::SinKey>,
    public_url: &str,
) -> Result<(), OpenError> {
    let wrap = |source: rusqlite::Error| OpenError::Seeding { what: "demo data", source };
    if conn.query_row("SELECT EXISTS (SELECT 1 FROM events)", [], |r| r.get::<_, bool>(0)).map_err(wrap)? {
        return Ok(());
    }
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(wrap)?;
    let events: i64 = tx.query_row("SELECT count(*) FROM events", [], |r| r.get(0)).map_err(wrap)?;
    if events > 0 {
        return Ok(());
    }
    // Whole seconds, as stored.
    let now = now - Duration::nanoseconds(i64::from(now.nanosecond()));
    let letters = crate::emails::reports::ReportLetters { public_url: public_url.to_owned(), tz };
    let demo = Demo { tx: &tx, tz, now, today: now.with_timezone(&tz).date_naive(), sin_key, letters };
    demo.seed().map_err(wrap)?;
    tx.commit().map_err(wrap)
}

/// A wall-clock time of the centre (`tz`) on `day`, as an instant (none in the hour skipped in spring).
fn local_time(tz: chrono_tz::Tz, day: NaiveDate, time: NaiveTime) -> Option<DateTime<Utc>> {
    tz.from_local_datetime(&day.and_time(time)).earliest().map(|t| t.with_timezone(&Utc))
}

/// A refusal of the code the demo goes through (the scheduler, scores), as a seeding error.
fn fail(what: &str, e: impl std::fmt::Debug) -> rusqlite::Error {
    rusqlite::Error::InvalidParameterName(format!("demo {what}: {e:?}"))
}

struct Demo<'a> {
    tx: &'a Connection,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
    today: NaiveDate,
    /// Seals the demo payer's social insurance number; without a key the demo has none.
    sin_key: Option<&'a crate::secret::SinKey>,
    /// What a captain's proposal e-mails the other captain: links to this site.
    letters: crate::emails::reports::ReportLetters,
}

impl Demo<'_> {
    /// The demo league's first night and number of nights, in the courts' season.
    fn league_season(&self) -> rusqlite::Result<(NaiveDate, i64)> {
        let schedule = super::courts::schedule(self.tx, 1).map_err(|e| fail("court 1", e))?;
        let schedule = schedule.ok_or_else(|| fail("court 1", "missing"))?;
        let season = schedule.coming_season(self.today);
        let next = schedule.coming_season(season.1 + Duration::days(1));
        Ok(league_season(self.today, season, next))
    }

    fn ago(&self, days: i64) -> DateTime<Utc> {
        self.now - Duration::days(days)
    }

    /// A wall-clock time of the centre on `day`, as an instant.
    fn local(&self, day: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
        local_time(self.tz, day, time).unwrap_or(self.now)
    }

    fn seed(&self) -> rusqlite::Result<()> {
        let member = self.member()?;
        for (n, e) in DEMO_EVENTS.iter().enumerate() {
            let start = match e.when {
                // Until its tournament says when it is played.
                When::DayTournament => self.now,
                When::Tuesdays => {
                    self.local(self.league_season()?.0, NaiveTime::from_hms_opt(18, 30, 0).unwrap_or(NaiveTime::MIN))
                }
                When::Ahead { days, hour } => self.local(
                    self.today + Duration::days(days),
                    NaiveTime::from_hms_opt(hour, 0, 0).unwrap_or(NaiveTime::MIN),
                ),
            };
            let end = start + Duration::hours(e.length_hours);
            self.tx.execute(
                "INSERT INTO events (title, title_en, description, description_en, category_id, location, start_date, end_date, price_cents, max_participants, is_active, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11)",
                params![e.title, e.title_en, e.description, e.description_en, e.category, PLACE, utc_text(start), utc_text(end),
                    e.price_cents, e.max, utc_text(self.ago(45))],
            )?;
            let event_id = self.tx.last_insert_rowid();
            match n {
                0 => self.day_tournament(event_id, e.price_cents, &member)?,
                1 => {
                    // The event the centre puts forward, always to come: the member home's promo card.
                    super::events::set_featured(self.tx, event_id, true)?;
                    self.coming_tournament(event_id, e.price_cents, start)?;
                }
                3 => self.unpaid_camping(event_id, e.price_cents)?,
                5 => self.league(event_id, e.price_cents, self.league_season()?)?,
                _ => {}
            }
        }
        // A database whose events were all deleted is seeded again: its camps and courts keep
        // what they have.
        if self.empty("day_camp_registrations")? {
            self.day_camps(&member)?;
        }
        if self.empty("camp_staff_weeks")? {
            self.camp_staff()?;
        }
        if self.empty("court_bookings")? {
            self.courts(&member)?;
        }
        if self.empty("deletion_requests")? {
            self.privacy()?;
        }
        Ok(())
    }

    /// The privacy tools in use: a person in charge named, a former member's deletion request
    /// waiting for 12 days (18 left on the console's clock), and one incident in the register.
    fn privacy(&self) -> rusqlite::Result<()> {
        self.tx.execute(
            "UPDATE privacy_officer SET name = 'Rosalie Caron', title = 'Directrice générale',
                 email = 'vie.privee@centrepleinair-lapeche.org', phone = '819-555-0142', updated_at = ?1
             WHERE id = 1",
            [utc_text(self.ago(60))],
        )?;
        let id = super::users::new_user_id();
        self.tx.execute(
            "INSERT INTO users (id, email, first_name, last_name, created_at, updated_at, email_verified)
             VALUES (?1, 'marc.ouellet@example.org', 'Marc', 'Ouellet', ?2, ?2, 1)",
            params![id, utc_text(self.ago(700))],
        )?;
        self.tx.execute(
            "INSERT INTO deletion_requests (user_id, reason, requested_at) VALUES (?1, ?2, ?3)",
            params![id, "Nous avons quitté la région.", utc_text(self.ago(12))],
        )?;
        self.tx.execute(
            "INSERT INTO privacy_incidents (occurred_on, description, affected, reported_to_commission, reported_to_people,
                 created_at, updated_at)
             VALUES (?1, ?2, ?3, 0, 1, ?4, ?4)",
            params![
                (self.today - Duration::days(40)).to_string(),
                "La liste des inscriptions d'une semaine de camp a été envoyée par courriel à un mauvais parent, qui l'a supprimée.",
                "Les 14 familles de la semaine",
                utc_text(self.ago(39))
            ],
        )?;
        Ok(())
    }

    fn empty(&self, table: &str) -> rusqlite::Result<bool> {
        self.tx.query_row(&format!("SELECT NOT EXISTS (SELECT 1 FROM {table})"), [], |r| r.get(0))
    }

    /// The demo member's account (e-mail verified, as the development sign-in makes it), a
    /// member for more than a year; the one there already when the demo is seeded again.
    fn member(&self) -> rusqlite::Result<String> {
        self.person(&DEMO_MEMBER, 420)
    }

    /// The account of `person` (e-mail verified), there since `days_ago`; the one the demo has
    /// already at that address, where the person has another role in it or it is seeded again.
    fn person(&self, person: &DemoPerson, days_ago: i64) -> rusqlite::Result<String> {
        if let Some(user) = super::users::find_by_verified_email(self.tx, person.email)? {
            return Ok(user.id);
        }
        let id = super::users::new_user_id();
        self.tx.execute(
            "INSERT INTO users (id, email, first_name, last_name, created_at, updated_at, email_verified)
             VALUES (?1, ?2, ?3, ?4, ?5, ?5, 1)",
            params![id, person.email, person.first, person.last, utc_text(self.ago(days_ago))],
        )?;
        Ok(id)
    }

    /// The counsellor, given the first two camp weeks, who opened one child's record yesterday.
    fn camp_staff(&self) -> rusqlite::Result<()> {
        let person = DEMO_COUNSELLOR;
        let id = self.person(&person, 90)?;
        super::users::grant(self.tx, &id, super::users::Role::CampStaff, None, &utc_text(self.now))
            .map_err(|e| fail("camp staff", e))?;
        let weeks: Vec<i64> = self
            .tx
            .prepare("SELECT id FROM day_camp_weeks ORDER BY start_date, id LIMIT 2")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        super::camp_staff::set_weeks(self.tx, &id, &weeks).map_err(|e| fail("camp staff weeks", e))?;
        let first_child: Option<(i64, String)> = self
            .tx
            .query_row(
                "SELECT r.id, r.child_first_name || ' ' || r.child_last_name FROM day_camp_enrolments e
                   JOIN day_camp_registrations r ON r.id = e.registration_id
                  WHERE e.week_id = ?1 ORDER BY r.id LIMIT 1",
                [weeks.first().copied().unwrap_or(0)],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        if let Some((registration, child)) = first_child {
            self.tx.execute(
                "INSERT INTO child_record_views (registration_id, child_name, viewer_id, viewer_email, viewed_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![registration, child, id, person.email, utc_text(self.ago(1))],
            )?;
        }
        Ok(())
    }

    /// The camping weekend: one team released for non-payment (the admin may restore it), one
    /// waiting two days for its first reminder.
    fn unpaid_camping(&self, event_id: i64, price_cents: i64) -> rusqlite::Result<()> {
        self.tx.execute("UPDATE events SET payment_deadline_days = 5 WHERE id = ?1", params![event_id])?;
        for (number, name, captain, days_ago, pay) in [
            (1, "Les Campeurs", ("Émile", "Lavoie"), 6, Pay::Expired),
            (2, "Feu de camp", ("Rosalie", "Girard"), 2, Pay::Pending { reminders: 0 }),
        ] {
            let reference = super::payments::reference::for_event(self.tx, event_id)?;
            let released = pay.released().then(|| utc_text(self.ago(1)));
            self.tx.execute(
                "INSERT INTO event_registrations (event_id, kind, team_name, team_number, captain_first_name, captain_last_name, captain_email,
                    member2_first_name, member2_last_name, people_count, payment_reference, amount_due_cents, created_at,
                    status, payment_status, released_at, reminders_sent)
                 VALUES (?1, 'team', ?2, ?3, ?4, ?5, ?6, 'Alex', 'Lavoie', 2, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![event_id, name, number, captain.0, captain.1, format!("campeur{number}@example.org"),
                    reference, 2 * price_cents, utc_text(self.ago(days_ago)),
                    pay.registration(), pay.status(), released,
                    i64::from(pay.released())],
            )?;
        }
        super::events::recount_participants(self.tx, event_id)?;
        Ok(())
    }

    /// The coming summer's camps filling up: the explorers' second week full (the demo
    /// member's child among them), children in every program, most paid, some waiting, one
    /// released for non-payment and one refunded.
    fn day_camps(&self, member: &str) -> rusqlite::Result<()> {
        let weeks: Vec<(i64, NaiveDate)> = self
            .tx
            .prepare("SELECT id, start_date FROM day_camp_weeks ORDER BY start_date, id")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let programs: Vec<(String, u32, i64, i64)> = self
            .tx
            .prepare(
                "SELECT id, min_age, weekly_price_cents, capacity_per_week FROM day_camp_programs ORDER BY position",
            )?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<_, _>>()?;
        let full = programs.first().map_or(0, |p| p.3);
        // Program (by position), weeks (by order), children.
        let plan: [(usize, &[usize], i64); 7] = [
            (0, &[1, 2], 8),
            // One place short of full: the waiting list's live offer holds it.
            (0, &[1], full - 10),
            (0, &[0], 6),
            (1, &[0, 1], 10),
            (1, &[3], 4),
            (2, &[0], 6),
            (2, &[2, 3], 3),
        ];
        let camps = Camps { programs, weeks };
        let mut n = 0usize;
        // The demo member's child first: in the full week and the one after.
        let signup = Signup { user_id: Some(member), days_ago: 12, pay: Pay::Pending { reminders: 0 } };
        self.camp_child(member_child(), &camps, 0, &[1, 2], signup)?;
        self.camp_payers(member)?;
        for (program, chosen, children) in plan {
            for _ in 0..children.max(0) {
                let pay = match n % 5 {
                    3 => Pay::Pending { reminders: 1 },
                    4 if n.is_multiple_of(2) => Pay::Paid,
                    _ => Pay::Transfer,
                };
                let signup = Signup { user_id: None, days_ago: 5 + (n % 30) as i64, pay };
                self.camp_child(demo_child(n), &camps, program, chosen, signup)?;
                n += 1;
            }
        }
        // Released: their weeks went back to the camp.
        self.camp_child(demo_child(n), &camps, 1, &[4], Signup { user_id: None, days_ago: 20, pay: Pay::Expired })?;
        let signup = Signup { user_id: None, days_ago: 25, pay: Pay::Refunded };
        self.camp_child(demo_child(n + 1), &camps, 2, &[5], signup)?;
        self.tx.execute(
            "UPDATE day_camp_places SET taken = (SELECT count(*) FROM day_camp_enrolments e
                WHERE e.program_id = day_camp_places.program_id AND e.week_id = day_camp_places.week_id)",
            [],
        )?;
        self.camp_waitlist(&camps)
    }

    /// The demo member's child is paid for by two parents, 50/50, the first with a social
    /// insurance number (the CRA's published sample, sealed with the key the server runs with).
    fn camp_payers(&self, member: &str) -> rusqlite::Result<()> {
        let id: i64 =
            self.tx
                .query_row("SELECT max(id) FROM day_camp_registrations WHERE user_id = ?1", [member], |r| r.get(0))?;
        let payer = |name: &str, sin: Option<&str>| centre_core::validation::PayerInput {
            name: Some(name.into()),
            street: Some("12 chemin de la Rivière".into()),
            city: Some("La Pêche".into()),
            province: Some("QC".into()),
            postal_code: Some("J0X 2W0".into()),
            sin: sin.filter(|_| self.sin_key.is_some()).map(Into::into),
            share: None,
        };
        let payers = centre_core::validation::validate_payers(&[
            payer("Sophie Gagnon", Some("046 454 286")),
            payer("Marc Tremblay", None),
        ])
        .map_err(|e| fail("payers", e))?;
        let mut new = Vec::new();
        for p in &payers {
            let sealed = match (p.sin(), self.sin_key) {
                (Some(sin), Some(key)) => Some(key.seal(id, sin.digits()).map_err(|e| fail("payers", e))?),
                _ => None,
            };
            new.push(super::camp_payers::NewPayer { payer: p, sin_sealed: sealed });
        }
        super::camp_payers::replace(self.tx, id, &new, false, &utc_text(self.ago(12)))
    }

    /// The full week's waiting list: three parents in line, the first holding a live offer of
    /// the week's last place (made six hours ago, with core's window).
    fn camp_waitlist(&self, camps: &Camps) -> rusqlite::Result<()> {
        let (Some((program_id, min_age, _, _)), Some(&(week_id, week_start))) =
            (camps.programs.first(), camps.weeks.get(1))
        else {
            return Ok(());
        };
        let starts = self.local(week_start, NaiveTime::from_hms_opt(8, 0, 0).unwrap_or(NaiveTime::MIN));
        for (n, parent) in WAITING.iter().enumerate() {
            let user_id = self.person(parent, 90)?;
            let child = WAITING_CHILDREN[n % WAITING_CHILDREN.len()];
            let birth = week_start
                .checked_sub_months(chrono::Months::new(12 * (min_age + 1)))
                .map_or(week_start, |d| d - Duration::days(45));
            let form = serde_json::json!({
                "programId": program_id, "weekId": week_id.to_string(), "childFirstName": child,
                "childLastName": parent.last, "childBirthDate": birth.to_string(), "childGender": null,
                "parentName": format!("{} {}", parent.first, parent.last), "parentEmail": parent.email,
                "parentPhone": "819-555-0150", "emergencyPhone": null, "medicalConditions": null, "canSwim": true,
                "healthForm": {"emergencyContacts": [{"name": format!("Grand-parent {}", parent.last), "relation": "grand-parent", "phone": "819-555-0151"}]},
                "healthConsent": true, "healthConsentVersion": centre_core::validation::HEALTH_CONSENT_VERSION
            });
            let joined = self.ago(9 - n as i64);
            let offered = n == 0;
            self.tx.execute(
                "INSERT INTO waitlist_entries (kind, program_id, week_id, user_id, child_key, places, form, lang, state,
                                               sort_key, joined_at)
                 VALUES ('camp_week', ?1, ?2, ?3, ?4, 1, ?5, 'fr', ?6, ?7, ?8)",
                params![
                    program_id,
                    week_id,
                    user_id,
                    centre_core::camps::child_key(child, parent.last, birth),
                    form.to_string(),
                    if offered { "offered" } else { "waiting" },
                    n as i64 + 1,
                    utc_text(joined)
                ],
            )?;
            let entry_id = self.tx.last_insert_rowid();
            let at = self.now - Duration::hours(6);
            if offered && let Some(expires) = centre_core::waitlist::offer_expiry(at, starts, None) {
                self.tx.execute(
                    "INSERT INTO waitlist_offers (entry_id, program_id, week_id, places, state, offered_at, expires_at)
                     VALUES (?1, ?2, ?3, 1, 'live', ?4, ?5)",
                    params![entry_id, program_id, week_id, utc_text(at), utc_text(expires)],
                )?;
            }
        }
        Ok(())
    }

    /// A child's health form, consented to when the registration was made: every fourth child
    /// has a severe peanut allergy and an auto-injector, some a grandparent who may pick them
    /// up, the oldest may leave alone, half allow photos.
    fn health_form(&self, id: i64, child: &DemoChild, program: usize) -> rusqlite::Result<()> {
        let n = child.first.len() + child.last.len();
        let allergies = match n % 4 {
            0 => serde_json::json!([{"what": "Arachides", "severity": "severe", "epinephrine": true}]),
            1 => serde_json::json!([{"what": "Pollen", "severity": "mild", "epinephrine": false}]),
            _ => serde_json::json!([]),
        };
        let pickups = if n.is_multiple_of(3) {
            serde_json::json!([{"name": format!("Grand-maman {}", child.last), "relation": "grand-mère", "phone": "819-555-0144"}])
        } else {
            serde_json::json!([])
        };
        let input = serde_json::json!({
            "healthForm": {
                "allergies": allergies, "medication": if n.is_multiple_of(5) { Some("Ventolin au besoin") } else { None },
                "conditions": if n.is_multiple_of(5) { Some("Asthme léger") } else { None },
                "canSwim": !child.first.len().is_multiple_of(3),
                "emergencyContacts": [{"name": format!("Grand-papa {}", child.last), "relation": "grand-père", "phone": "819-555-0143"}],
                "pickups": pickups, "mayLeaveAlone": program == 2, "photoPermission": n.is_multiple_of(2),
            },
            "healthConsent": true, "healthConsentVersion": centre_core::validation::HEALTH_CONSENT_VERSION,
        });
        let parsed: centre_core::validation::HealthFormUpdateInput =
            serde_json::from_value(input).map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;
        let Ok(form) = centre_core::validation::validate_health_form_update(&parsed) else { return Ok(()) };
        super::camp_health::save(self.tx, id, &form, None, &utc_text(self.ago(12)))
    }

    /// One child registered in program `program` (by position) for the weeks `chosen` (by
    /// order), if they exist.
    fn camp_child(
        &self,
        child: DemoChild,
        camps: &Camps,
        program: usize,
        chosen: &[usize],
        signup: Signup<'_>,
    ) -> rusqlite::Result<()> {
        let Signup { user_id, days_ago, pay } = signup;
        let Some((program_id, min_age, price, _)) = camps.programs.get(program) else { return Ok(()) };
        let chosen: Vec<(i64, NaiveDate)> = chosen.iter().filter_map(|&w| camps.weeks.get(w).copied()).collect();
        let Some(&(_, first_week)) = chosen.first() else { return Ok(()) };
        // A year older than the program's youngest on the first week, a month past the birthday.
        let birth = first_week
            .checked_sub_months(chrono::Months::new(12 * (min_age + 1)))
            .map_or(first_week, |d| d - Duration::days(30 + (child.first.len() as i64 % 90)));
        let amount = price * chosen.len() as i64;
        let reference = super::payments::reference::for_camp(self.tx)?;
        let released = pay.released().then(|| utc_text(self.ago(2)));
        let released_weeks = pay
            .released()
            .then(|| format!("[{}]", chosen.iter().map(|(id, _)| id.to_string()).collect::<Vec<_>>().join(",")));
        let parent = format!("{} {}", child.parent, child.last);
        self.tx.execute(
            "INSERT INTO day_camp_registrations (user_id, program_id, child_first_name, child_last_name, child_birth_date,
                child_gender, parent_name, parent_email, parent_phone, emergency_phone, can_swim, amount_cents,
                payment_status, payment_reference, created_at, reminders_sent, released_at, released_weeks)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
            params![
                user_id, program_id, child.first, child.last, birth, child.gender, parent, child.email,
                "819-555-0142", "819-555-0143", !child.first.len().is_multiple_of(3), amount, pay.status(), reference,
                utc_text(self.ago(days_ago)), pay.reminders(), released, released_weeks
            ],
        )?;
        let id = self.tx.last_insert_rowid();
        self.health_form(id, &child, program)?;
        if !pay.released() {
            let key = centre_core::camps::child_key(child.first, &child.last, birth);
            for (week_id, _) in &chosen {
                self.tx.execute(
                    "INSERT INTO day_camp_enrolments (registration_id, week_id, program_id, child_key) VALUES (?1, ?2, ?3, ?4)",
                    params![id, week_id, program_id, key],
                )?;
            }
        }
        if pay == Pay::Transfer {
            self.tx.execute(
                "INSERT INTO payment_transfers (camp_registration_id, amount_cents, sender, message, transfer_date, confirmed_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, amount, parent.to_uppercase(), format!("Camp {} {reference}", child.first),
                    self.ago(days_ago - 1).with_timezone(&self.tz).date_naive().to_string(), utc_text(self.ago(days_ago - 1))],
            )?;
        }
        Ok(())
    }

    /// Court bookings in the courts' season and open hours: this week and the next when the
    /// season is on, else the coming season's first two weeks. Not today: the tournament has the
    /// courts. One of them is the demo member's, one was cancelled.
    fn courts(&self, member: &str) -> rusqlite::Result<()> {
        const PATTERNS: [&[(usize, u32)]; 3] = [
            &[(0, 2), (0, 9), (1, 10), (1, 11)],
            &[(0, 1), (1, 4), (0, 10), (0, 11), (1, 12)],
            &[(1, 3), (0, 8), (1, 9)],
        ];
        let courts: Vec<i64> = self
            .tx
            .prepare("SELECT id FROM courts ORDER BY position, id")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let Some(&first) = courts.first() else { return Ok(()) };
        let schedule = super::courts::schedule(self.tx, first)
            .map_err(|e| fail("courts", e))?
            .ok_or_else(|| fail("courts", "no schedule"))?;
        let slot = Duration::minutes(i64::from(DEFAULT_SLOT_MINUTES));
        let mut n = 0usize;
        let mut members_booking = false;
        for (d, day) in booking_days(self.today, schedule.coming_season(self.today)).into_iter().enumerate() {
            let weekday = day.weekday().num_days_from_monday() as usize;
            let Some(Some(hours)) = schedule.opening_hours().get(weekday).copied() else { continue };
            if day == self.today {
                continue;
            }
            for &(court, n_slot) in PATTERNS[d % PATTERNS.len()] {
                let Some(&court_id) = courts.get(court) else { continue };
                let start = self.local(day, hours.open) + slot * i32::try_from(n_slot).unwrap_or(0);
                let end = start + slot;
                if end > self.local(day, hours.close) {
                    continue;
                }
                let mine = !members_booking && day > self.today;
                members_booking |= mine;
                let booker = if mine { DEMO_MEMBER } else { BOOKERS[n % BOOKERS.len()] };
                let cancelled = !mine && n % 9 == 4;
                let created = start.min(self.now) - Duration::days(2 + (n % 5) as i64);
                self.tx.execute(
                    "INSERT INTO court_bookings (court_id, user_id, first_name, last_name, email, phone, start_time, end_time,
                        status, players, ball_rental, created_at, cancelled_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                    params![
                        court_id, mine.then_some(member), booker.first, booker.last, booker.email, "819-555-0170",
                        utc_text(start), utc_text(end), if cancelled { RegistrationStatus::Cancelled } else { RegistrationStatus::Confirmed },
                        4 + (n % 9) as i64, n % 4 == 1, utc_text(created),
                        cancelled.then(|| utc_text(created + Duration::days(1)))
                    ],
                )?;
                n += 1;
            }
        }
        Ok(())
    }
}

/// Who registered, how long ago, and how it stands with the payment.
#[derive(Debug, Clone, Copy)]
struct Signup<'a> {
    user_id: Option<&'a str>,
    days_ago: i64,
    pay: Pay,
}

/// The day-camp programs (id, youngest age, weekly price in cents, places per week) and weeks
/// (id, first day), in order.
struct Camps {
    programs: Vec<(String, u32, i64, i64)>,
    weeks: Vec<(i64, NaiveDate)>,
}

/// Who books the courts in the demo.
const BOOKERS: [DemoPerson; 6] = [
    DemoPerson { first: "Olivier", last: "Gagné", email: "olivier.gagne@example.org" },
    DemoPerson { first: "Maude", last: "Fortin", email: "maude.fortin@example.org" },
    DemoPerson { first: "Jade", last: "Côté", email: "jade.cote@example.org" },
    DemoPerson { first: "Marc", last: "Tremblay", email: "marc.tremblay@example.org" },
    DemoPerson { first: "Ariane", last: "Nadeau", email: "ariane.nadeau@example.org" },
    DemoPerson { first: "Noé", last: "Bouchard", email: "noe.bouchard@example.org" },
];

/// A child of the demo's day camps and the parent who registered them.
struct DemoChild {
    first: &'static str,
    last: String,
    gender: &'static str,
    parent: &'static str,
    email: String,
}

/// The parents on the full camp week's waiting list, in line order.
const WAITING: [DemoPerson; 3] = [
    DemoPerson { first: "Catherine", last: "Lavoie", email: "catherine.lavoie@example.org" },
    DemoPerson { first: "Karim", last: "Haddad", email: "karim.haddad@example.org" },
    DemoPerson { first: "Julie", last: "Poirier", email: "julie.poirier@example.org" },
];
const WAITING_CHILDREN: [&str; 3] = ["Florence", "Samuel", "Mila"];

/// The demo member's child.
fn member_child() -> DemoChild {
    DemoChild {
        first: "Léo",
        last: DEMO_MEMBER.last.to_owned(),
        gender: "boy",
        parent: DEMO_MEMBER.first,
        email: DEMO_MEMBER.email.to_owned(),
    }
}

/// The `n`th child of the demo's day camps: a name no other child has.
fn demo_child(n: usize) -> DemoChild {
    const FIRST: [(&str, &str); 24] = [
        ("Emma", "girl"),
        ("Liam", "boy"),
        ("Olivia", "girl"),
        ("Noah", "boy"),
        ("Alice", "girl"),
        ("Jacob", "boy"),
        ("Charlotte", "girl"),
        ("Félix", "boy"),
        ("Béatrice", "girl"),
        ("Arthur", "boy"),
        ("Romy", "girl"),
        ("Édouard", "boy"),
        ("Clara", "girl"),
        ("Raphaël", "boy"),
        ("Maëlle", "girl"),
        ("Loïc", "boy"),
        ("Rose", "girl"),
        ("Adam", "boy"),
        ("Éva", "girl"),
        ("Zack", "boy"),
        ("Lily", "girl"),
        ("Mathis", "boy"),
        ("Alix", "other"),
        ("Victor", "boy"),
    ];
    const LAST: [&str; 12] = [
        "Bouchard",
        "Lavoie",
        "Fortin",
        "Morin",
        "Ouellet",
        "Pelletier",
        "Bélanger",
        "Lévesque",
        "Gauthier",
        "Leblanc",
        "Caron",
        "Poirier",
    ];
    const PARENTS: [&str; 6] = ["Julie", "Patrick", "Isabelle", "Martin", "Nathalie", "Stéphane"];
    let (first, gender) = FIRST[n % FIRST.len()];
    let last = LAST[(n + n / FIRST.len()) % LAST.len()];
    DemoChild {
        first,
        last: last.to_owned(),
        gender,
        parent: PARENTS[n % PARENTS.len()],
        email: format!("famille{}@example.org", n + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_league_plays_on_tuesdays_in_the_courts_season() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
        // 1 December 2026 is a Tuesday.
        assert_eq!(next_tuesday(day(2026, 12, 1)), day(2026, 12, 8));
        assert_eq!(next_tuesday(day(2026, 12, 7)), day(2026, 12, 8));
        let season = |y| (day(y, 5, 15), day(y, 9, 30));
        // In December: next May's first Tuesday, ten weeks.
        assert_eq!(league_season(day(2026, 12, 3), season(2027), season(2028)), (day(2027, 5, 18), 10));
        // In July: next Tuesday, ten weeks; in September: the Tuesdays left.
        assert_eq!(league_season(day(2027, 7, 1), season(2027), season(2028)), (day(2027, 7, 6), 10));
        assert_eq!(league_season(day(2027, 9, 10), season(2027), season(2028)), (day(2027, 9, 14), 3));
        // On the season's last Tuesday: the next season.
        assert_eq!(league_season(day(2027, 9, 28), season(2027), season(2028)), (day(2028, 5, 16), 10));
    }

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

    #[test]
    fn the_courts_are_booked_in_their_season_only() {
        let day = |m, d| NaiveDate::from_ymd_opt(2027, m, d).unwrap_or_default();
        let season = (day(5, 15), day(9, 30));
        let text = |days: Vec<NaiveDate>| days.iter().map(NaiveDate::to_string).collect::<Vec<_>>();
        // A Thursday in July: this week from Monday, and the next.
        let july = text(booking_days(day(7, 15), season));
        assert_eq!((july.len(), july[0].as_str(), july[13].as_str()), (14, "2027-07-12", "2027-07-25"));
        // November: the coming season's first two weeks (the caller gives next year's season).
        let next = (
            NaiveDate::from_ymd_opt(2028, 5, 15).unwrap_or_default(),
            NaiveDate::from_ymd_opt(2028, 9, 30).unwrap_or_default(),
        );
        let november = text(booking_days(day(11, 20), next));
        assert_eq!((november.len(), november[0].as_str(), november[13].as_str()), (14, "2028-05-15", "2028-05-28"));
        // The season's last days: this week up to 30 September, no further.
        let end = text(booking_days(day(9, 29), season));
        assert_eq!(end, ["2027-09-27", "2027-09-28", "2027-09-29", "2027-09-30"]);
    }
}
