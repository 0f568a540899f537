//! What can go wrong in the facade, and the one place it becomes the JSON envelope
//! (`{"ok": false, code, message, fieldErrors, codes}`, see `types.d.ts`).

use centre_core::schedule::ScheduleError;
use centre_core::slots::SlotError;
use centre_core::{FieldError, Lang, message};
use serde::Serialize;
use serde_json::{Map, Value};

/// Everything that can go wrong in the facade. Converted to the error envelope in one place,
/// [`respond`].
#[derive(Debug)]
pub enum Failure {
    /// The input was not the JSON the function expects.
    Malformed,
    /// Form validation failed.
    Fields(Vec<FieldError>),
    /// A rule refused the request, with its catalogue code.
    Code(&'static str),
}

impl From<SlotError> for Failure {
    fn from(e: SlotError) -> Self {
        Failure::Code(e.code())
    }
}

impl From<ScheduleError> for Failure {
    fn from(e: ScheduleError) -> Self {
        Failure::Code(e.code())
    }
}

impl From<Vec<FieldError>> for Failure {
    fn from(e: Vec<FieldError>) -> Self {
        Failure::Fields(e)
    }
}

pub(crate) fn text(code: &str, lang: Lang) -> String {
    message(code, lang).map_or_else(|| code.to_owned(), str::to_owned)
}

/// `{"ok": false, code, message, fieldErrors, codes}`.
fn fail(code: &str, lang: Lang, errors: &[FieldError]) -> Value {
    let mut field_errors = Map::new();
    let mut codes = Map::new();
    for e in errors {
        field_errors.insert(e.field.to_owned(), text(e.code, lang).into());
        codes.insert(e.field.to_owned(), e.code.into());
    }
    let mut body = Map::new();
    body.insert("ok".to_owned(), false.into());
    body.insert("code".to_owned(), code.into());
    body.insert("message".to_owned(), text(code, lang).into());
    body.insert("fieldErrors".to_owned(), Value::Object(field_errors));
    body.insert("codes".to_owned(), Value::Object(codes));
    Value::Object(body)
}

/// The one conversion point from a result to the JSON envelope. A value is written straight to
/// text (the smallest serializer code per type) and spliced into the envelope.
pub fn respond<T: Serialize>(result: Result<T, Failure>, lang: Lang) -> String {
    let failure = match result.and_then(|v| serde_json::to_string(&v).map_err(|_| Failure::Code("internal"))) {
        Ok(value) => return format!("{{\"ok\":true,\"value\":{value}}}"),
        Err(f) => f,
    };
    let body = match failure {
        Failure::Malformed => fail("malformed_json", lang, &[]),
        Failure::Code(code) => fail(code, lang, &[]),
        Failure::Fields(errors) => fail("validation", lang, &errors),
    };
    body.to_string()
}
