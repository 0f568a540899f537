//! What a path carries: the one rule for an `{id}` and the text segments (a user id, a camp
//! program, a score entry). A path that does not fit is 404 `not_found`, like a missing row, in
//! the common error shape. Here too: how the contract describes each path parameter.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use utoipa::openapi::Required;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::{IntoParams, PartialSchema};

use crate::error::AppError;

/// A row's id in a path: a whole number above zero written in digits only (no sign, no spaces).
pub fn parse_id(raw: &str) -> Result<i64, AppError> {
    if raw.is_empty() || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::not_found());
    }
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(AppError::not_found)
}

/// The route's one `{id}`, parsed by [`parse_id`].
#[derive(Clone, Copy, Debug)]
pub struct Id(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for Id {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Segment(raw) = Segment::from_request_parts(parts, state).await?;
        parse_id(&raw).map(Id)
    }
}

/// A route's `{id}` and its night's `{n}` (`/leagues/{id}/nights/{n}`): both by [`parse_id`].
#[derive(Clone, Copy, Debug)]
pub struct IdAndNight(pub i64, pub u32);

impl<S: Send + Sync> FromRequestParts<S> for IdAndNight {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path((id, n)) =
            Path::<(String, String)>::from_request_parts(parts, state).await.map_err(|_| AppError::not_found())?;
        let n = u32::try_from(parse_id(&n)?).map_err(|_| AppError::not_found())?;
        Ok(IdAndNight(parse_id(&id)?, n))
    }
}

/// A route's `{id}` and a night's spreadsheet `{n}.xlsx` (`/leagues/{id}/nights/3.xlsx`): the
/// router cannot match a suffix, so the segment is read whole and must end in `.xlsx`.
#[derive(Clone, Copy, Debug)]
pub struct IdAndNightSheet(pub i64, pub u32);

impl<S: Send + Sync> FromRequestParts<S> for IdAndNightSheet {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path((id, file)) =
            Path::<(String, String)>::from_request_parts(parts, state).await.map_err(|_| AppError::not_found())?;
        let n = file.strip_suffix(".xlsx").ok_or_else(AppError::not_found)?;
        let n = u32::try_from(parse_id(n)?).map_err(|_| AppError::not_found())?;
        Ok(IdAndNightSheet(parse_id(&id)?, n))
    }
}

/// The route's one text parameter, as sent (percent-decoded); one that is not UTF-8 is 404.
#[derive(Clone, Debug)]
pub struct Segment(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Segment {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Path::<String>::from_request_parts(parts, state)
            .await
            .map(|Path(raw)| Segment(raw))
            .map_err(|_| AppError::not_found())
    }
}

/// A path parameter as the contract states it (`params(params::EventId)`): its name in the route,
/// its type and what it names.
macro_rules! documented {
    ($name:ident, $param:literal, $ty:ty, $description:expr) => {
        #[doc = concat!("The path's `{", $param, "}` in the contract: ", $description)]
        pub struct $name;

        impl IntoParams for $name {
            fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
                vec![
                    ParameterBuilder::new()
                        .name($param)
                        .parameter_in(ParameterIn::Path)
                        .required(Required::True)
                        .description(Some($description))
                        .schema(Some(<$ty as PartialSchema>::schema()))
                        .build(),
                ]
            }
        }
    };
}

/// An [`Id`] in the contract: the row it names, and the rule.
macro_rules! row_id {
    ($name:ident, $param:literal, $what:literal) => {
        documented!($name, $param, i64, concat!("The ", $what, "'s id: a whole number above zero."));
    };
}

row_id!(EventId, "id", "event");
row_id!(TournamentId, "id", "tournament");
row_id!(RegistrationId, "id", "registration");
row_id!(MatchId, "id", "match");
row_id!(BookingId, "id", "booking");
row_id!(WeekId, "weekId", "week");
row_id!(DeletionRequestId, "id", "deletion request");
row_id!(IncidentId, "id", "incident");
row_id!(OfferId, "id", "waiting-list offer");
row_id!(WaitlistEntryId, "id", "waiting-list entry");
row_id!(LeagueId, "id", "league");
documented!(NightNumber, "n", i64, "The night's number in its season, from 1.");
documented!(NightSheet, "n", String, "The night's number in its season, from 1, then `.xlsx` (`3.xlsx`).");
documented!(UserId, "userId", String, "The user's id.");
documented!(EntryId, "id", String, "The score entry's id.");
documented!(ProgramId, "id", String, "The camp program's id.");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_positive_digits() {
        assert_eq!(parse_id("1").ok(), Some(1));
        assert_eq!(parse_id("0042").ok(), Some(42));
        for bad in ["", "0", "-1", "+1", " 1", "1 ", "x", "1.0", "99999999999999999999"] {
            assert!(parse_id(bad).is_err(), "{bad:?}");
        }
    }
}
