//! A night once its season is set: called off (nobody moves, the next night takes its grid,
//! every captain told once), and the teams that cannot come (their matches will be forfeits).

use centre_core::Lang;
use centre_core::league::{NightState, match_start};
use centre_core::timefmt::{parse_time, utc_text};
use centre_core::validation::NightCancel;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::setup::{Refused, publish};
use super::{LeagueRow, NightRow, bump_version, find, season};
use crate::db::events;
use crate::db::outbox::{self, About};
use crate::db::tournaments::event_teams;
use crate::db::tournaments::reports::captain_address;
use crate::db::tournaments::views::teams_of_user;
use crate::emails::leagues::{Cancelled, night_cancelled};

/// League `league_id` and its night `number`; refused when either is missing.
fn night_of(conn: &Connection, league_id: i64, number: u32) -> Result<(LeagueRow, Vec<NightRow>, NightRow), Refused> {
    let league = find(conn, league_id)?.ok_or(Refused::NotFound)?;
    let all = season(conn, league_id)?;
    let night = all.iter().find(|n| n.number == number).cloned().ok_or(Refused::NotFound)?;
    Ok((league, all, night))
}

/// Calls night `number` off: nobody moves, the next night (if planned) is published with this
/// night's grid, and each team's captain is e-mailed once, in their language. Cancelling it
/// again changes nothing and tells no one.
pub fn cancel(
    conn: &Connection,
    league_id: i64,
    number: u32,
    cancel: &NightCancel,
    now: DateTime<Utc>,
) -> Result<LeagueRow, Refused> {
    let (league, all, night) = night_of(conn, league_id, number)?;
    match night.state {
        NightState::Played => return Err(Refused::NightPlayed),
        NightState::Cancelled => return Ok(league),
        NightState::Planned | NightState::Published => {}
    }
    conn.execute(
        "UPDATE league_nights SET state = ?3, cancel_reason = ?4, cancel_message = ?5
         WHERE league_id = ?1 AND number = ?2",
        params![league_id, number, NightState::Cancelled, cancel.reason, cancel.message],
    )?;
    // The next night still to come takes the grid (a night called off beforehand is skipped).
    let next = all.iter().find(|n| n.number > number && n.state == NightState::Planned);
    if let (Some(grid), Some(next)) = (&night.grid, next) {
        publish(conn, league_id, next.number, grid, &utc_text(now))?;
    }
    let event = events::find(conn, league.event_id)?.ok_or(Refused::NotFound)?;
    for team in event_teams(conn, league.event_id)? {
        let Some((to, lang)) = captain_address(conn, team.id)? else { continue };
        let title = match lang {
            Lang::En => event.title_en.as_deref().unwrap_or(&event.title),
            Lang::Fr => &event.title,
        };
        let email = night_cancelled(&Cancelled {
            to: &to,
            lang,
            league: title,
            team: &team.name,
            date: night.date,
            reason: cancel.reason,
            message: cancel.message.as_deref(),
        });
        outbox::enqueue(conn, About::EventRegistration(team.id), &email, now)?;
    }
    bump_version(conn, league_id)?;
    find(conn, league_id)?.ok_or(Refused::NotFound)
}

/// Who says a team's availability: its captain (the member who registered it) or an admin.
pub enum Sayer {
    /// A member, for their team (`team_id`, or their only one in the league).
    Captain {
        user_id: String,
        team_id: Option<i64>,
    },
    Admin {
        team_id: i64,
    },
}

/// Records whether a team comes to night `number`: a captain until the night starts, an admin
/// until it is played. Answers the team.
pub fn set_availability(
    conn: &Connection,
    league_id: i64,
    number: u32,
    sayer: Sayer,
    available: bool,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<i64, Refused> {
    let (league, _, night) = night_of(conn, league_id, number)?;
    let (team_id, by_admin) = match sayer {
        Sayer::Admin { team_id } => {
            if !event_teams(conn, league.event_id)?.iter().any(|t| t.id == team_id) {
                return Err(Refused::TeamUnknown);
            }
            (team_id, true)
        }
        Sayer::Captain { user_id, team_id } => {
            // A registration released for non-payment is no team of the league any more.
            let live = event_teams(conn, league.event_id)?;
            let own = teams_of_user(conn, &user_id, Some(league.event_id))?;
            let team = own
                .iter()
                .map(|(t, _)| t.team_id)
                .filter(|t| live.iter().any(|l| l.id == *t))
                .find(|t| team_id.is_none_or(|asked| asked == *t));
            (team.ok_or(Refused::NotYourTeam)?, false)
        }
    };
    match night.state {
        NightState::Played => return Err(Refused::NightPlayed),
        NightState::Cancelled => return Err(Refused::NightCancelled),
        NightState::Planned | NightState::Published => {}
    }
    let start = match_start(&tz, night.date, parse_time(&league.start_time).unwrap_or_default(), 0);
    if !by_admin && now >= start {
        return Err(Refused::NightStarted);
    }
    conn.execute(
        "INSERT INTO league_availability (league_id, night_date, team_id, available, by_admin, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (league_id, night_date, team_id)
         DO UPDATE SET available = excluded.available, by_admin = excluded.by_admin, updated_at = excluded.updated_at",
        params![league_id, night.date.to_string(), team_id, available, by_admin, utc_text(now)],
    )?;
    bump_version(conn, league_id)?;
    Ok(team_id)
}

/// The teams that said they cannot come to the night of `date`.
pub fn absent(conn: &Connection, league_id: i64, date: chrono::NaiveDate) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "SELECT team_id FROM league_availability WHERE league_id = ?1 AND night_date = ?2 AND available = 0
         ORDER BY team_id",
    )?
    .query_map(params![league_id, date.to_string()], |r| r.get(0))?
    .collect()
}
