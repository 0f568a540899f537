//! A match's report on the captain's phone, as core's `report::apply` will judge it: what this
//! phone's waiting reports will do (propose, confirm, dispute, or be refused, and why), and
//! where the report stands now, a proposal past its deadline having confirmed itself. The
//! request is read field by field like the forms (`forms.rs`); its shape is `ReportRequest` in
//! `types.d.ts`, held by `tests/types.rs`.

use centre_core::report::{Claim, Report, ReportState, Reported, Reporter, Version, apply};
use centre_core::timefmt::parse_utc;
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::api::lang;
use crate::failure::{Failure, respond};
use crate::forms::Obj;

/// What one waiting report will do: the state it leaves, or the code it is refused with.
#[derive(Serialize)]
struct ReportOutcome {
    state: Option<&'static str>,
    code: Option<&'static str>,
}

/// The report once this phone's entries are applied, as it stands at `now`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportOutlook {
    state: Option<&'static str>,
    /// Whether the result is final: only then does it move standings and the bracket.
    counts: bool,
    /// When the standing proposal confirms itself, while it is proposed.
    deadline: Option<DateTime<Utc>>,
    outcomes: Vec<ReportOutcome>,
}

fn required<T>(value: Option<T>) -> Result<T, Failure> {
    value.ok_or(Failure::Malformed)
}

fn instant(o: &Obj, key: &str) -> Result<Option<DateTime<Utc>>, Failure> {
    o.text(key)?.map(|t| parse_utc(&t).ok_or(Failure::Malformed)).transpose()
}

fn reporter(o: &Obj) -> Result<Reporter, Failure> {
    Reporter::parse(&required(o.text("by")?)?).ok_or(Failure::Malformed)
}

/// A result, team 1 first whoever reports.
fn reported(o: &Obj) -> Result<Reported, Failure> {
    Ok(Reported {
        team1_score: required(o.whole("team1Score")?)?,
        team2_score: required(o.whole("team2Score")?)?,
        sets: o.value("sets")?.unwrap_or_default(),
    })
}

/// One of this phone's waiting reports (`ReportClaim`).
fn claim(o: &Obj) -> Result<Version, Failure> {
    let result = reported(o)?;
    let claim = if o.flag("forfeit")?.unwrap_or(false) { Claim::Concede(result) } else { Claim::Result(result) };
    Ok(Version { by: reporter(o)?, claim, at: required(instant(o, "at")?)? })
}

/// The report as the server last answered it (`ReportSeen`): its state and standing version.
/// The history before it changes nothing the phone can still do, so it stands for it. A
/// proposal carries its deadline; the other states never read one.
fn seen(o: &Obj) -> Result<Report, Failure> {
    let state = ReportState::parse(&required(o.text("state")?)?).ok_or(Failure::Malformed)?;
    let deadline = match (instant(o, "deadline")?, state) {
        (Some(at), _) => at,
        (None, ReportState::Proposed) => return Err(Failure::Malformed),
        (None, _) => DateTime::<Utc>::MIN_UTC,
    };
    let standing = Version { by: reporter(o)?, claim: Claim::Result(reported(o)?), at: deadline };
    Ok(Report { state, history: vec![standing], current: 0, counter: None, deadline })
}

/// The match's report (`ReportRequest`) with this phone's waiting reports applied in the
/// device's order, as the server will apply them, then read at `now`.
pub fn report_outlook(request: &str, lang_code: &str) -> String {
    let r = (|| {
        let o = Obj::parse(request)?;
        let now = required(instant(&o, "now")?)?;
        let window = required(o.whole("windowMinutes")?)?;
        let mut report = o.object("report", seen)?;
        let mut outcomes = Vec::new();
        for version in required(o.rows("entries", claim)?)? {
            match apply(report.as_ref(), version, window) {
                Ok(next) => {
                    outcomes.push(ReportOutcome { state: Some(next.state.as_str()), code: None });
                    report = Some(next);
                }
                Err(e) => outcomes.push(ReportOutcome { state: None, code: Some(e.code()) }),
            }
        }
        let now = report.map(|r| r.at(now));
        let state = now.as_ref().map(|r| r.state);
        Ok(ReportOutlook {
            state: state.map(ReportState::as_str),
            counts: state.is_some_and(ReportState::counts),
            deadline: now.filter(|r| r.state == ReportState::Proposed).map(|r| r.deadline),
            outcomes,
        })
    })();
    respond(r, lang(lang_code))
}
