//! The server's own scheduled work, no cron: payment reminders and the release of unpaid
//! registrations past their deadline (`db::payments::due`), then the waiting lists' offers whose
//! window passed (`db::waitlist::offers`) and the court-slot entries whose slot has begun
//! (`db::waitlist::line`), then the personal data whose retention period ended
//! (`db::privacy::retention`), then the teams' proposed results whose window passed
//! (`db::tournaments::reports`), at start and every ten minutes. A proposal's window is minutes
//! long (10 by default), so the proposals are also looked at every half minute in between.
//! The work due is read from the database each time, so a restart loses nothing; each pass is
//! one write transaction, so two processes started by mistake do it once between them.

use std::time::Duration;

use centre_core::timefmt::utc_text;
use chrono::{DateTime, Utc};

use crate::app::AppState;
use crate::db::payments::due::{self, Report};
use crate::db::privacy::retention;
use crate::db::tournaments::reports;
use crate::db::waitlist::{line, offers};
use crate::emails::payments::PaymentLetters;
use crate::emails::waitlist::WaitlistLetters;
use crate::error::AppError;

const EVERY: Duration = Duration::from_secs(10 * 60);
const PROPOSALS_EVERY: Duration = Duration::from_secs(30);

/// One pass as of `now` (the clock, or a test's moment); queued e-mails are sent after commit.
pub async fn run_once(state: &AppState, now: DateTime<Utc>) -> Result<Report, AppError> {
    let tz = state.settings.timezone;
    let policy = state.settings.reminders;
    let letters = PaymentLetters { interac_email: state.settings.interac_email.clone(), tz };
    let offer_letters = WaitlistLetters::new(&state.settings);
    let (report, offers_expired, slots_ended, retained) = state
        .db
        .write(move |tx| {
            let report = due::run(tx, now, tz, policy, &letters).map_err(AppError::from)?;
            // Offers whose window passed expire; every place freed, by them or by the payments
            // released above, is offered to the next in line in this same transaction.
            let expired = offers::expire_due(tx, &offer_letters.at(now))?;
            // Court slots that have begun: their lists have nothing left to wait for.
            let slots_ended = line::end_passed_slots(tx, &utc_text(now))?;
            let retained = retention::run(tx, now.with_timezone(&tz).date_naive(), now)?;
            Ok::<_, AppError>((report, expired, slots_ended, retained))
        })
        .await?;
    confirm_proposals(state, now).await?;
    if retained != retention::Report::default() {
        tracing::info!(
            health = retained.health,
            attendance = retained.attendance,
            camp_registrations = retained.camp_registrations,
            event_registrations = retained.event_registrations,
            court_bookings = retained.court_bookings,
            emails = retained.emails,
            waiting_list_forms = retained.waiting_list_forms,
            "retention: personal data past its period erased or anonymised"
        );
    }
    // Offers made in the pass are in the outbox too.
    state.mailer.kick();
    if offers_expired > 0 {
        // Places held or opened change the public listings' counts.
        state.public_cache.invalidate();
        tracing::info!(offers_expired, "waiting lists: expired offers passed on");
    }
    if slots_ended > 0 {
        tracing::info!(slots_ended, "waiting lists: court slots begun, their entries ended");
    }
    if report != Report::default() {
        // Released places change the public listings' counts.
        state.public_cache.invalidate();
        tracing::info!(
            reminders = report.reminders,
            expired = report.expired,
            held = report.held,
            "payments: scheduled work done"
        );
    }
    Ok(report)
}

/// The teams' proposed results whose window passed, confirmed as of `now` (one write
/// transaction: with two processes, once between them); their live pages are told.
pub async fn confirm_proposals(state: &AppState, now: DateTime<Utc>) -> Result<usize, AppError> {
    let confirmed = state.db.write(move |tx| reports::confirm_due(tx, now).map_err(AppError::from)).await?;
    for changed in &confirmed {
        state.live.tournament_changed(changed.event_id);
    }
    Ok(confirmed.len())
}

pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let between = (EVERY.as_secs() / PROPOSALS_EVERY.as_secs()).max(1);
        loop {
            if let Err(e) = run_once(&state, state.now()).await {
                tracing::warn!(error = ?e, "payments: scheduled work failed; will retry");
            }
            for _ in 0..between {
                tokio::time::sleep(PROPOSALS_EVERY).await;
                if let Err(e) = confirm_proposals(&state, state.now()).await {
                    tracing::warn!(error = ?e, "reports: confirming proposals failed; will retry");
                }
            }
        }
    })
}
