use serde::Serialize;

/// A validation failure: data, not a sentence. `code` is a key of the message catalogue
/// (`messages.rs`); the PWA and the server both turn it into text through that catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: &'static str,
    pub code: &'static str,
}

impl FieldError {
    pub const fn new(field: &'static str, code: &'static str) -> Self {
        Self { field, code }
    }
}
