//! A match's result reported by the teams themselves. One side proposes; a playing team on the
//! other side confirms it (the same result) or disputes it (another one, and both are kept); a
//! proposal nobody answers within the competition's window confirms itself; an admin decides
//! a dispute, or enters a result of their own. A team may concede only for itself.
//!
//! The two sides that agree are the proposer and a playing team that is not the proposer: both
//! playing teams, or the work team (`Duty`) and one playing team. The work team only proposes.
//! Every accepted report is kept in the history, in order; the result that counts is always one
//! of its versions.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::format::SetScore;
use crate::stored::stored_text;

#[cfg(test)]
mod tests;

/// Where a match's report stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ReportState {
    /// One side's result waits for the other's answer, or for the window to pass.
    Proposed,
    /// The other side gave the same result, or a team conceded.
    Confirmed,
    /// Nobody answered the proposal within the window.
    AutoConfirmed,
    /// The other side gave another result: both wait for an admin.
    Disputed,
    /// An admin decided.
    Resolved,
}

stored_text!(ReportState {
    Proposed = "proposed",
    Confirmed = "confirmed",
    AutoConfirmed = "auto_confirmed",
    Disputed = "disputed",
    Resolved = "resolved",
});

impl ReportState {
    /// Whether the result is final: only then does it move standings and the bracket.
    pub fn counts(self) -> bool {
        matches!(self, ReportState::Confirmed | ReportState::AutoConfirmed | ReportState::Resolved)
    }
}

/// Who sends a report: a playing team, the match's work team, or an admin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Reporter {
    Team1,
    Team2,
    Duty,
    Admin,
}

stored_text!(Reporter { Team1 = "team1", Team2 = "team2", Duty = "duty", Admin = "admin" });

impl Reporter {
    /// Team 1 or team 2.
    pub fn plays(self) -> bool {
        matches!(self, Reporter::Team1 | Reporter::Team2)
    }

    /// The side a playing team holds (1 or 2).
    pub fn side(self) -> Option<u8> {
        match self {
            Reporter::Team1 => Some(1),
            Reporter::Team2 => Some(2),
            _ => None,
        }
    }
}

/// A result as reported, team 1 first whoever reports: the score (sets won where the format has
/// sets, else the points) and the sets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reported {
    pub team1_score: u32,
    pub team2_score: u32,
    #[serde(default)]
    pub sets: Vec<SetScore>,
}

/// What a report says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Claim {
    /// This is the result.
    Result(Reported),
    /// The reporting team concedes; the result is the format's forfeit score.
    Concede(Reported),
}

impl Claim {
    pub fn result(&self) -> &Reported {
        match self {
            Claim::Result(r) | Claim::Concede(r) => r,
        }
    }
}

/// One accepted report, as the history keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Version {
    pub by: Reporter,
    pub claim: Claim,
    pub at: DateTime<Utc>,
}

/// A match's report: its state, its versions and the proposal's deadline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub state: ReportState,
    /// Every accepted report, in order.
    pub history: Vec<Version>,
    /// Index in `history` of the standing proposal (or the decision, once resolved).
    pub current: usize,
    /// Index in `history` of the other side's different version, once disputed.
    pub counter: Option<usize>,
    /// When a proposal confirms itself if nobody answers.
    pub deadline: DateTime<Utc>,
}

/// Why a report is refused; each is a code of the message catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportError {
    /// The result is final: only an admin's correction changes it.
    Final,
    /// The sides disagree: an admin decides.
    Disputed,
    /// The work team only proposes; a team's proposal already stands.
    AlreadyProposed,
    /// Only a playing team concedes, and only for itself.
    ConcedeOwnOnly,
}

impl ReportError {
    pub fn code(self) -> &'static str {
        match self {
            ReportError::Final => "match_completed",
            ReportError::Disputed => "report_disputed",
            ReportError::AlreadyProposed => "report_already_proposed",
            ReportError::ConcedeOwnOnly => "concede_own_team_only",
        }
    }
}

/// When a proposal made `at` confirms itself.
pub fn deadline(at: DateTime<Utc>, window_minutes: u32) -> DateTime<Utc> {
    at + Duration::minutes(i64::from(window_minutes))
}

impl Report {
    /// The version that counts, once the state is final.
    pub fn counting(&self) -> Option<&Version> {
        self.state.counts().then(|| &self.history[self.current])
    }

    /// The standing version (the proposal, or the decision).
    pub fn standing(&self) -> &Version {
        &self.history[self.current]
    }

    /// The other side's version while disputed (and after the decision).
    pub fn countered(&self) -> Option<&Version> {
        self.counter.map(|i| &self.history[i])
    }

    /// The report as it stands at `now`: a proposal past its deadline has confirmed itself.
    pub fn at(&self, now: DateTime<Utc>) -> Report {
        let mut out = self.clone();
        if out.state == ReportState::Proposed && now >= out.deadline {
            out.state = ReportState::AutoConfirmed;
        }
        out
    }
}

/// Applies one report to a match's report (`None`: nothing reported yet). The window is read
/// at `version.at`, so a late answer finds the proposal already confirmed whether or not the
/// scheduler has passed. A refused report changes nothing.
pub fn apply(report: Option<&Report>, version: Version, window_minutes: u32) -> Result<Report, ReportError> {
    if matches!(version.claim, Claim::Concede(_)) && !version.by.plays() {
        return Err(ReportError::ConcedeOwnOnly);
    }
    let Some(report) = report.map(|r| r.at(version.at)) else {
        return Ok(first(version, window_minutes));
    };
    if version.by == Reporter::Admin {
        return Ok(decided(report, version));
    }
    match report.state {
        s if s.counts() => Err(ReportError::Final),
        ReportState::Disputed => Err(ReportError::Disputed),
        _ => answer(report, version, window_minutes),
    }
}

/// The first report of a match.
fn first(version: Version, window_minutes: u32) -> Report {
    let state = match (&version.claim, version.by) {
        (Claim::Concede(_), _) => ReportState::Confirmed,
        (_, Reporter::Admin) => ReportState::Resolved,
        _ => ReportState::Proposed,
    };
    Report { state, deadline: deadline(version.at, window_minutes), history: vec![version], current: 0, counter: None }
}

/// An admin's entry: it decides, whatever stood.
fn decided(mut report: Report, version: Version) -> Report {
    report.history.push(version);
    report.current = report.history.len() - 1;
    report.state = ReportState::Resolved;
    report
}

/// A team's report while a proposal stands.
fn answer(mut report: Report, version: Version, window_minutes: u32) -> Result<Report, ReportError> {
    let proposer = report.standing().by;
    let concedes = matches!(version.claim, Claim::Concede(_));
    let same = version.claim.result() == report.standing().claim.result();
    let next = if concedes {
        ReportState::Confirmed
    } else if version.by == proposer {
        // The proposer replaces its own proposal: the window starts again.
        report.deadline = deadline(version.at, window_minutes);
        ReportState::Proposed
    } else if !version.by.plays() {
        return Err(ReportError::AlreadyProposed);
    } else if same {
        ReportState::Confirmed
    } else {
        ReportState::Disputed
    };
    report.history.push(version);
    let index = report.history.len() - 1;
    match next {
        ReportState::Disputed => report.counter = Some(index),
        // A confirmation repeats the proposal, which stays the standing version.
        ReportState::Confirmed if !concedes => {}
        _ => report.current = index,
    }
    report.state = next;
    Ok(report)
}
