//! The payers of a day-camp registration (RL-24), as every path writes them: checked by core,
//! a social insurance number refused on its field when the server has no key (never stored in
//! clear), each number sealed for its registration (`secret.rs`) in the caller's transaction.

use centre_core::FieldError;
use centre_core::validation::{Payer, PayerInput, validate_payers};

use crate::db::camp_payers::{self, NewPayer};
use crate::error::AppError;
use crate::secret::SinKey;

/// The payers checked by core; a number given while no key is configured is refused on its
/// field (422 `sin_unavailable`), never stored in clear.
pub fn check(input: &[PayerInput], key: Option<&SinKey>) -> Result<Vec<Payer>, Vec<FieldError>> {
    let payers = validate_payers(input)?;
    if key.is_none() && payers.iter().any(|p| p.sin().is_some()) {
        tracing::warn!("a social insurance number was refused: no --secret-key-file is configured");
        const FIELDS: [&str; 2] = ["payers.0.sin", "payers.1.sin"];
        return Err(payers
            .iter()
            .zip(FIELDS)
            .filter(|(p, _)| p.sin().is_some())
            .map(|(_, f)| FieldError::new(f, "sin_unavailable"))
            .collect());
    }
    Ok(payers)
}

/// Writes `payers` for the registration, each number sealed for it, in the caller's transaction.
pub fn save(
    tx: &rusqlite::Connection,
    key: Option<&SinKey>,
    registration_id: i64,
    payers: &[Payer],
    forget_numbers: bool,
    now: &str,
) -> Result<(), AppError> {
    let mut sealed = Vec::with_capacity(payers.len());
    for payer in payers {
        let number = match (payer.sin(), key) {
            (Some(sin), Some(key)) => {
                Some(key.seal(registration_id, sin.digits()).map_err(|e| AppError::Internal(format!("sealing: {e}")))?)
            }
            (Some(_), None) => return Err(AppError::field("payers", "sin_unavailable")),
            (None, _) => None,
        };
        sealed.push(NewPayer { payer, sin_sealed: number });
    }
    camp_payers::replace(tx, registration_id, &sealed, forget_numbers, now)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payer(sin: &str) -> PayerInput {
        PayerInput {
            name: Some("Ana Roy".into()),
            street: Some("12 chemin de la Rivière".into()),
            city: Some("La Pêche".into()),
            province: Some("QC".into()),
            postal_code: Some("J0X 2W0".into()),
            sin: Some(sin.into()),
            share: None,
        }
    }

    #[test]
    fn without_a_key_a_number_is_refused_on_its_field_and_nothing_else() {
        let refused = check(&[payer("046 454 286")], None).err().unwrap_or_default();
        assert_eq!(refused, [FieldError::new("payers.0.sin", "sin_unavailable")]);
        assert!(check(&[payer("")], None).is_ok(), "a payer without a number needs no key");
        // A wrong number is core's refusal, key or not.
        let wrong = check(&[payer("046 454 287")], None).err().unwrap_or_default();
        assert_eq!(wrong, [FieldError::new("payers.0.sin", "sin_invalid")]);
    }
}
