//! What is unpaid, across events and camps, and the totals per event and per camp week: the
//! console's payments view, its xlsx export, and the scheduled work (`due.rs`) all read it here.

use centre_core::Lang;
use centre_core::timefmt::parse_utc;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, Row, params};

use super::{Kind, deadline_from_columns};

/// A pending registration with an amount to pay.
#[derive(Debug, Clone, PartialEq)]
pub struct Unpaid {
    pub kind: Kind,
    pub id: i64,
    pub reference: String,
    pub amount_cents: i64,
    pub created_at: DateTime<Utc>,
    pub reminders_sent: i64,
    pub last_reminder_at: Option<DateTime<Utc>>,
    pub lang: Lang,
    /// Who is reminded: the account's own address when it is verified (users::mail_address's
    /// rule), never an address typed in the form; `None`: nobody is written to.
    pub to: Option<String>,
    /// The team's name or the child's name.
    pub name: String,
    /// The event's title (French, then English when there is one) or the camp program's id.
    pub title: String,
    pub title_en: Option<String>,
    /// None without a deadline, and for a registration an admin restored after a release.
    pub deadline: Option<DateTime<Utc>>,
    /// The event, for an event registration.
    pub event_id: Option<i64>,
    /// A team of an event whose tournament schedule exists: never expired automatically; the
    /// payments view tells the admin instead.
    pub held_by_tournament: bool,
}

/// The pending event registrations; `{name}` stands for [`super::EVENT_NAME`].
const EVENT_UNPAID: &str = "SELECT r.id, r.payment_reference, r.amount_due_cents, r.created_at, r.reminders_sent,
        r.last_reminder_at, r.lang, CASE WHEN u.email_verified = 1 THEN u.email END,
        {name},
        e.title, e.title_en, CASE WHEN r.released_at IS NULL THEN e.payment_deadline_days END,
        CASE WHEN r.released_at IS NULL THEN e.payment_deadline_date END, e.id,
        r.kind = 'team' AND EXISTS (SELECT 1 FROM tournaments t WHERE t.event_id = e.id AND t.status <> 'setup')
   FROM event_registrations r JOIN events e ON e.id = r.event_id LEFT JOIN users u ON u.id = r.user_id
  WHERE r.payment_status = 'pending' AND r.amount_due_cents > 0";

/// The pending camp registrations; `{name}` stands for [`super::CAMP_NAME`].
const CAMP_UNPAID: &str = "SELECT r.id, r.payment_reference, r.amount_cents, r.created_at, r.reminders_sent,
        r.last_reminder_at, r.lang, CASE WHEN u.email_verified = 1 THEN u.email END,
        {name}, r.program_id, NULL,
        CASE WHEN r.released_at IS NULL THEN p.payment_deadline_days END,
        CASE WHEN r.released_at IS NULL THEN p.payment_deadline_date END, NULL, 0
   FROM day_camp_registrations r JOIN day_camp_programs p ON p.id = r.program_id LEFT JOIN users u ON u.id = r.user_id
  WHERE r.payment_status = 'pending' AND r.amount_cents > 0";

fn unpaid_from_row(kind: Kind, tz: chrono_tz::Tz) -> impl Fn(&Row<'_>) -> rusqlite::Result<Unpaid> {
    move |r| {
        let created_text: String = r.get(3)?;
        let created_at = parse_utc(&created_text).unwrap_or_default();
        let last: Option<String> = r.get(5)?;
        let deadline = deadline_from_columns(r.get(11)?, r.get(12)?);
        Ok(Unpaid {
            kind,
            id: r.get(0)?,
            reference: r.get(1)?,
            amount_cents: r.get(2)?,
            created_at,
            reminders_sent: r.get(4)?,
            last_reminder_at: last.as_deref().and_then(parse_utc),
            lang: r.get(6)?,
            to: r.get(7)?,
            name: r.get(8)?,
            title: r.get(9)?,
            title_en: r.get(10)?,
            deadline: deadline.due_at(created_at, &tz),
            event_id: r.get(13)?,
            held_by_tournament: r.get(14)?,
        })
    }
}

/// Every pending registration with an amount to pay, oldest first.
pub fn unpaid(conn: &Connection, tz: chrono_tz::Tz) -> rusqlite::Result<Vec<Unpaid>> {
    let mut all: Vec<Unpaid> = conn
        .prepare_cached(&EVENT_UNPAID.replace("{name}", super::EVENT_NAME))?
        .query_map([], unpaid_from_row(Kind::Event, tz))?
        .collect::<Result<_, _>>()?;
    let camps: Vec<Unpaid> = conn
        .prepare_cached(&CAMP_UNPAID.replace("{name}", super::CAMP_NAME))?
        .query_map([], unpaid_from_row(Kind::Camp, tz))?
        .collect::<Result<_, _>>()?;
    all.extend(camps);
    all.sort_by(|a, b| (a.created_at, a.kind.as_str(), a.id).cmp(&(b.created_at, b.kind.as_str(), b.id)));
    Ok(all)
}

/// Money expected (pending and paid), received (paid) and outstanding (pending), in cents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub expected_cents: i64,
    pub received_cents: i64,
    pub outstanding_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTotals {
    pub event_id: i64,
    pub title: String,
    pub totals: Totals,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeekTotals {
    pub week_id: i64,
    pub label: String,
    pub totals: Totals,
}

fn totals_from(r: &Row<'_>, at: usize) -> rusqlite::Result<Totals> {
    let received: i64 = r.get(at)?;
    let outstanding: i64 = r.get(at + 1)?;
    Ok(Totals { expected_cents: received + outstanding, received_cents: received, outstanding_cents: outstanding })
}

/// Per event with a price, in start order.
pub fn event_totals(conn: &Connection) -> rusqlite::Result<Vec<EventTotals>> {
    conn.prepare_cached(
        "SELECT e.id, e.title,
                COALESCE(SUM(r.amount_due_cents) FILTER (WHERE r.payment_status = 'paid'), 0),
                COALESCE(SUM(r.amount_due_cents) FILTER (WHERE r.payment_status = 'pending'), 0)
           FROM events e JOIN event_registrations r ON r.event_id = e.id
          WHERE e.price_cents > 0
          GROUP BY e.id ORDER BY e.start_date, e.id",
    )?
    .query_map([], |r| Ok(EventTotals { event_id: r.get(0)?, title: r.get(1)?, totals: totals_from(r, 2)? }))?
    .collect()
}

/// Per camp week: each enrolment counts its program's weekly price (a registration's amount is
/// its weeks times that price).
pub fn week_totals(conn: &Connection) -> rusqlite::Result<Vec<WeekTotals>> {
    conn.prepare_cached(
        "SELECT w.id, w.label,
                COALESCE(SUM(p.weekly_price_cents) FILTER (WHERE r.payment_status = 'paid'), 0),
                COALESCE(SUM(p.weekly_price_cents) FILTER (WHERE r.payment_status = 'pending'), 0)
           FROM day_camp_weeks w
           JOIN day_camp_enrolments n ON n.week_id = w.id
           JOIN day_camp_registrations r ON r.id = n.registration_id
           JOIN day_camp_programs p ON p.id = r.program_id
          GROUP BY w.id ORDER BY w.start_date, w.id",
    )?
    .query_map(params![], |r| Ok(WeekTotals { week_id: r.get(0)?, label: r.get(1)?, totals: totals_from(r, 2)? }))?
    .collect()
}

/// A registration released for non-payment, which the admin may restore or mark paid late.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Released {
    pub kind: Kind,
    pub id: i64,
    pub reference: String,
    pub amount_cents: i64,
    pub name: String,
    pub title: String,
    pub released_at: String,
}

/// Every expired registration, most recently released first.
pub fn expired(conn: &Connection) -> rusqlite::Result<Vec<Released>> {
    let row = |kind: Kind| {
        move |r: &Row<'_>| {
            Ok(Released {
                kind,
                id: r.get(0)?,
                reference: r.get(1)?,
                amount_cents: r.get(2)?,
                name: r.get(3)?,
                title: r.get(4)?,
                released_at: r.get(5)?,
            })
        }
    };
    let mut all = super::registrations(
        conn,
        ["e.title, r.released_at", "r.program_id, r.released_at"],
        ["r.payment_status = 'expired'"; 2],
        row,
    )?;
    all.sort_by(|a, b| b.released_at.cmp(&a.released_at).then(a.id.cmp(&b.id)));
    Ok(all)
}
