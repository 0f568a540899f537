//! Tournaments over HTTP: the console's calls (`admin.rs`), the public event page, its live
//! stream and the member's team (`public.rs`), a team's report of a result (`reports.rs`), and the
//! answers they share (`dto.rs`).
//! Shapes: the tournament, its matches and standings in camelCase, plus `poolCount`, `version`,
//! pools and quality.

pub mod admin;
mod dto;
pub mod public;
pub mod reports;
pub mod sync;

use axum::http::StatusCode;
use centre_core::schedule::ScheduleError;

use crate::db::tournaments::{schedule, scores};
use crate::error::AppError;

fn rule(e: ScheduleError) -> AppError {
    match e {
        ScheduleError::BracketConflict => AppError::conflict(e.code()),
        ScheduleError::StartTimeRequired => AppError::field("startTime", "start_time_required"),
        _ => AppError::client(StatusCode::UNPROCESSABLE_ENTITY, e.code()),
    }
}

impl From<schedule::Refused> for AppError {
    fn from(r: schedule::Refused) -> Self {
        use schedule::Refused as R;
        match r {
            R::NotFound => AppError::not_found(),
            R::Exists => AppError::conflict("tournament_exists"),
            R::HasLeague => AppError::conflict("event_has_league"),
            R::NotSetup => AppError::conflict("tournament_not_setup"),
            R::NotEnoughTeams => AppError::client(StatusCode::UNPROCESSABLE_ENTITY, "not_enough_teams"),
            R::PoolTooSmall => AppError::field("poolCount", "pool_too_small"),
            R::StartTimeRequired => rule(ScheduleError::StartTimeRequired),
            R::CourtsLocked => AppError::conflict("courts_locked"),
            R::PoolsLocked => AppError::conflict("pools_locked"),
            R::FormatLocked => AppError::conflict("format_locked"),
            R::Schedule(e) => rule(e),
            R::Db(e) => e.into(),
        }
    }
}

impl From<scores::Refused> for AppError {
    fn from(r: scores::Refused) -> Self {
        use scores::Refused as R;
        match r {
            R::NotFound => AppError::not_found(),
            R::Completed => AppError::conflict("match_completed"),
            R::NotCompleted => AppError::conflict("match_not_completed"),
            R::CorrectionClosed => AppError::conflict("correction_closed"),
            R::Rule(e) => rule(e),
            R::Rejected("not_found") => AppError::not_found(),
            R::Rejected("match_completed") => AppError::conflict("match_completed"),
            // The format's refusal of the sets entered: the form shows it under the sets.
            R::Rejected(code) if code.starts_with("set") => AppError::field("sets", code),
            R::Rejected(code) => AppError::client(StatusCode::UNPROCESSABLE_ENTITY, code),
            R::Conflict(code) => AppError::conflict(code),
            R::Forbidden => AppError::client(StatusCode::FORBIDDEN, "forbidden"),
            R::Db(e) => e.into(),
        }
    }
}
