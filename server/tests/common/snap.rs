//! What the snapshot tests share: a workbook's sheets read back as typed rows, and insta's
//! settings that blank what changes from one run to the next (ids, the run's own instants,
//! payment references, the test server's port) and keep what people read.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use serde_json::{Map, Value, json};

/// Every sheet of an xlsx file, in order: its name and its rows, each cell typed as a reader of
/// the file sees it. A text is a JSON string, a number a JSON number, a date
/// `{"date": "2026-06-10 09:00"}` (no time when it is midnight), an empty cell null.
pub fn workbook(bytes: &[u8]) -> Value {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).unwrap();
    let mut sheets = Map::new();
    for name in book.sheet_names() {
        let range = book.worksheet_range(&name).unwrap();
        let rows: Vec<Value> = range.rows().map(|row| row.iter().map(cell).collect()).collect();
        sheets.insert(name, Value::Array(rows));
    }
    Value::Object(sheets)
}

fn cell(data: &Data) -> Value {
    match data {
        Data::Empty => Value::Null,
        Data::String(s) => json!(s),
        Data::Float(f) => json!(f),
        Data::Int(i) => json!(i),
        Data::Bool(b) => json!(b),
        Data::DateTime(d) => {
            let (y, mo, day, h, mi, _, _) = d.to_ymd_hms_milli();
            let date = if (h, mi) == (0, 0) {
                format!("{y:04}-{mo:02}-{day:02}")
            } else {
                format!("{y:04}-{mo:02}-{day:02} {h:02}:{mi:02}")
            };
            json!({ "date": date })
        }
        other => json!(format!("{other:?}")),
    }
}

/// Payment references are drawn at random (`EV12-K7MQ2X`, `CJ-ABC234`): their prefix stays, the
/// event's id and the drawn characters do not.
pub fn redact_references(settings: &mut insta::Settings) {
    settings.add_filter(r"\bEV\d+-[A-Z2-9]{6}\b", "EV[id]-XXXXXX");
    settings.add_filter(r"\bCJ-[A-Z2-9]{6}\b", "CJ-XXXXXX");
}

/// Settings for the API's answers: the ids the database numbers (`id`, `…Id`; a program's id
/// such as `explorateurs` stays), the instants of the run (`createdAt`, …) and the versions
/// redacted, payment references too. Instants the test chose stay, so a change of format or
/// time zone shows.
pub fn answer_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_sort_maps(true);
    for key in [
        "id",
        "eventId",
        "teamId",
        "team1Id",
        "team2Id",
        "winnerId",
        "tournamentId",
        "registrationId",
        "weekId",
        "courtId",
        "matchId",
    ] {
        settings.add_redaction(&format!(".**.{key}"), numbered("[id]"));
    }
    settings.add_redaction(".**.userId", unless_null("[id]"));
    for key in ["createdAt", "updatedAt", "registrationDate", "registeredAt", "lastReminderAt"] {
        settings.add_redaction(&format!(".**.{key}"), unless_null("[instant of the run]"));
    }
    settings.add_redaction(".**.version", numbered("[version]"));
    redact_references(&mut settings);
    settings
}

/// Redacts a value but not its absence: a date that is null must still read null.
pub fn unless_null(replacement: &'static str) -> insta::internals::Redaction {
    insta::dynamic_redaction(move |value, _| if value.is_nil() { value } else { replacement.into() })
}

/// Redacts a number the database gave; anything else (null, a name) stays as it is.
fn numbered(replacement: &'static str) -> insta::internals::Redaction {
    insta::dynamic_redaction(move |value, _| if value.as_i64().is_some() { replacement.into() } else { value })
}
