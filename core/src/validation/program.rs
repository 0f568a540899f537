//! A camp program's settings the console edits: its waiting list's offer window.

use serde::{Deserialize, Serialize};

use super::{Checker, NumberInput};
use crate::errors::FieldError;

/// Body of `PUT /api/admin/day-camp-programs/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ProgramSettingsInput {
    /// Hours an offer from the waiting list holds a place (2 to 336); null or blank = 48.
    pub offer_hours: Option<NumberInput>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramSettings {
    offer_hours: Option<u32>,
}

impl ProgramSettings {
    /// 2 to 336 when present; `None` is the default window.
    pub fn offer_hours(&self) -> Option<u32> {
        self.offer_hours
    }
}

pub fn validate_program_settings(input: &ProgramSettingsInput) -> Result<ProgramSettings, Vec<FieldError>> {
    let mut c = Checker::new();
    let offer_hours = c.offer_hours(input.offer_hours.as_ref());
    c.finish(|| Some(ProgramSettings { offer_hours: offer_hours? }))
}
