//! A child's day on the counsellor's phone with its waiting entries applied by core's
//! `attendance::project_day`, the rule the server judges them with. The request is read field by
//! field like the forms (`forms.rs`: serde's derived readers weigh kilobytes of `.wasm`); its
//! shape is `ChildDayRequest` in `types.d.ts`, held by `tests/types.rs`. Beside `api.rs`, whose
//! helpers it uses, rather than in it: that file is long enough.

use centre_core::attendance::{AttendanceAction, ChildDay, Entry, Pickup, PickupKind, project_day};
use centre_core::sync::EntryOutcome;
use centre_core::timefmt::{parse_date, parse_utc};
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::api::{lang, time_zone};
use crate::failure::{Failure, respond};
use crate::forms::Obj;

/// The day as it will be, and what each entry will do.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChildDayProjection {
    arrived_at: Option<DateTime<Utc>>,
    left_at: Option<DateTime<Utc>>,
    pickup_kind: Option<&'static str>,
    pickup_name: Option<String>,
    absence_notice: bool,
    absent_without_notice: bool,
    outcomes: Vec<EntryOutcome>,
}

fn required<T>(value: Option<T>) -> Result<T, Failure> {
    value.ok_or(Failure::Malformed)
}

fn instant(o: &Obj, key: &str) -> Result<Option<DateTime<Utc>>, Failure> {
    o.text(key)?.map(|t| parse_utc(&t).ok_or(Failure::Malformed)).transpose()
}

/// `pickupKind` and `pickupName`: who took the child (none without a kind).
fn pickup(o: &Obj) -> Result<Option<Pickup>, Failure> {
    let kind = o.text("pickupKind")?.map(|k| PickupKind::parse(&k).ok_or(Failure::Malformed)).transpose()?;
    let name = o.text("pickupName")?;
    Ok(kind.map(|kind| Pickup { kind, name }))
}

/// One entry of the phone: its id and what core judges.
fn entry(o: &Obj) -> Result<(String, AttendanceAction, DateTime<Utc>, Option<Pickup>), Failure> {
    let id = required(o.text("entryId")?)?;
    let action = AttendanceAction::parse(&required(o.text("action")?)?).ok_or(Failure::Malformed)?;
    Ok((id, action, required(instant(o, "at")?)?, pickup(o)?))
}

/// The child's day (`ChildDayRequest`) with the phone's entries for it, in the device's order,
/// applied as the server will apply them. The page shows one day of the child's week: it stands
/// for the week here.
pub fn project_child_day(request: &str, lang_code: &str) -> String {
    let r = (|| {
        let o = Obj::parse(request)?;
        let day = parse_date(&required(o.text("day")?)?).ok_or(Failure::Malformed)?;
        let tz = time_zone(o.text("timeZone")?.as_deref())?;
        let authorised = required(o.texts("authorised")?)?;
        let overrides = required(o.texts("overrides")?)?;
        let child = ChildDay {
            week_start: day,
            week_end: day,
            arrived_at: instant(&o, "arrivedAt")?,
            left_at: instant(&o, "leftAt")?,
            absence_notice: required(o.flag("absenceNotice")?)?,
            authorised: &authorised,
            may_leave_alone: required(o.flag("mayLeaveAlone")?)?,
            overrides: &overrides,
        };
        let read = required(o.rows("entries", entry)?)?;
        let entries: Vec<Entry> = read
            .iter()
            .map(|(_, action, at, pickup)| Entry { action: *action, day, at: *at, pickup: pickup.clone() })
            .collect();
        let p = project_day(&child, pickup(&o)?, required(o.flag("absentWithoutNotice")?)?, &entries, &tz);
        let outcomes = read
            .iter()
            .zip(&p.verdicts)
            .map(|((id, ..), v)| EntryOutcome {
                entry_id: id.clone(),
                outcome: v.outcome(),
                code: v.code().map(str::to_owned),
            })
            .collect();
        let (pickup_kind, pickup_name) = p.pickup.map_or((None, None), |p| (Some(p.kind.as_str()), p.name));
        Ok(ChildDayProjection {
            arrived_at: p.arrived_at,
            left_at: p.left_at,
            pickup_kind,
            pickup_name,
            absence_notice: p.absence_notice,
            absent_without_notice: p.flagged,
            outcomes,
        })
    })();
    respond(r, lang(lang_code))
}
