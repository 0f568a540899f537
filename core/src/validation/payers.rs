//! Who pays a day-camp registration, for the RL-24 (childcare expenses) figures: one or two
//! payers, each with a name, an address and an optional social insurance number (SIN), and a
//! share of what was paid. One payer holds 100 %; two split 50/50 unless the form names other
//! whole percents, each 1 to 99, summing to 100.
//!
//! Errors name the row as the request numbers it: `payers.0.name`, `payers.1.postalCode`,
//! `payers.1.share` (a blank row before it keeps its place).

use serde::{Deserialize, Serialize};

use super::{Checker, Text, max_len};
use crate::errors::FieldError;

/// Most payers one registration names (the two parents).
pub const MAX_PAYERS: usize = 2;

/// The provinces and territories, as Canada Post abbreviates them.
pub const PROVINCES: [&str; 13] = ["QC", "ON", "NB", "NS", "PE", "NL", "MB", "SK", "AB", "BC", "YT", "NT", "NU"];

/// A payer as the form sends it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct PayerInput {
    pub name: Option<String>,
    pub street: Option<String>,
    pub city: Option<String>,
    /// Two letters (`QC`, `ON`…).
    pub province: Option<String>,
    /// `A1A 1A1`; the space is optional.
    pub postal_code: Option<String>,
    /// Optional: nine digits, spaces allowed, for the RL-24 slip only.
    pub sin: Option<String>,
    /// Whole percent; blank gives 100 for one payer, 50 each for two.
    pub share: Option<u8>,
}

/// A valid payer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Payer {
    name: Text,
    street: Text,
    city: Text,
    province: &'static str,
    postal_code: String,
    #[serde(skip)]
    sin: Option<Sin>,
    share: u8,
}

impl Payer {
    pub fn name(&self) -> &Text {
        &self.name
    }
    pub fn street(&self) -> &Text {
        &self.street
    }
    pub fn city(&self) -> &Text {
        &self.city
    }
    pub fn province(&self) -> &'static str {
        self.province
    }
    /// `A1A 1A1`, upper case.
    pub fn postal_code(&self) -> &str {
        &self.postal_code
    }
    pub fn sin(&self) -> Option<&Sin> {
        self.sin.as_ref()
    }
    /// Whole percent, 1 to 100; a registration's shares sum to 100.
    pub fn share(&self) -> u8 {
        self.share
    }
}

/// A social insurance number that passes the Luhn check: nine digits, kept without spaces.
/// Its `Debug` shows it masked, so a log line never carries it whole.
#[derive(Clone, PartialEq, Eq)]
pub struct Sin(String);

impl Sin {
    /// Nine digits (spaces and hyphens between them allowed) passing the Luhn check.
    pub fn parse(raw: &str) -> Option<Sin> {
        let digits: String = raw.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let ok = digits.len() == 9 && digits.bytes().all(|b| b.is_ascii_digit()) && luhn(&digits);
        ok.then_some(Sin(digits))
    }
    /// The nine digits.
    pub fn digits(&self) -> &str {
        &self.0
    }
    /// The last three digits, all that is kept in clear (for [`mask_sin`]).
    pub fn last3(&self) -> &str {
        &self.0[6..]
    }
    /// `123 456 782`: how the printed statement shows it.
    pub fn grouped(&self) -> String {
        format!("{} {} {}", &self.0[..3], &self.0[3..6], &self.0[6..])
    }
}

impl std::fmt::Debug for Sin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&mask_sin(self.last3()))
    }
}

/// `*** *** 123`: a SIN as every answer, page and e-mail shows it.
pub fn mask_sin(last3: &str) -> String {
    format!("*** *** {last3}")
}

/// The Luhn check (mod 10) over ASCII digits, the rule of Canadian SINs.
pub fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if !i.is_multiple_of(2) {
                let d2 = d * 2;
                if d2 > 9 { d2 - 9 } else { d2 }
            } else {
                d
            }
        })
        .sum();
    !digits.is_empty() && sum.is_multiple_of(10)
}

/// A Canadian postal code, `A1A 1A1` (letters in any case, the space optional), upper-cased
/// with its space; `None` when it does not have that shape.
pub fn parse_postal_code(raw: &str) -> Option<String> {
    let s: Vec<char> = raw.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_ascii_uppercase()).collect();
    let shape = s.len() == 6
        && s.iter()
            .enumerate()
            .all(|(i, c)| if i.is_multiple_of(2) { c.is_ascii_uppercase() } else { c.is_ascii_digit() });
    shape.then(|| format!("{}{}{} {}{}{}", s[0], s[1], s[2], s[3], s[4], s[5]))
}

const FIELDS: [[&str; 7]; MAX_PAYERS] = [
    [
        "payers.0.name",
        "payers.0.street",
        "payers.0.city",
        "payers.0.province",
        "payers.0.postalCode",
        "payers.0.sin",
        "payers.0.share",
    ],
    [
        "payers.1.name",
        "payers.1.street",
        "payers.1.city",
        "payers.1.province",
        "payers.1.postalCode",
        "payers.1.sin",
        "payers.1.share",
    ],
];

fn blank(p: &PayerInput) -> bool {
    let empty = |s: &Option<String>| s.as_deref().is_none_or(|s| s.trim().is_empty());
    empty(&p.name) && empty(&p.street) && empty(&p.city) && empty(&p.postal_code) && empty(&p.sin)
}

/// Checks the payers of a registration. Rows left wholly blank (the province alone does not
/// count: the form preselects it) are dropped; none left is an empty list (no payer named:
/// the RL-24 figures then name the registration's parent, without an address). More than two
/// rows sent is `payers` `too_many_payers`; shares that do not sum to 100 are `share_invalid` on
/// the first payer's share.
pub fn validate_payers(input: &[PayerInput]) -> Result<Vec<Payer>, Vec<FieldError>> {
    if input.len() > MAX_PAYERS {
        return Err(vec![FieldError::new("payers", "too_many_payers")]);
    }
    // Each row with the field names of its place in the request.
    let rows: Vec<(&PayerInput, [&'static str; 7])> = input.iter().zip(FIELDS).filter(|(p, _)| !blank(p)).collect();
    let mut c = Checker::new();
    let default_share = if rows.len() == 2 { 50 } else { 100 };
    let mut payers = Vec::new();
    for (row, fields) in rows.iter().copied() {
        let name = c.required(fields[0], row.name.as_deref(), max_len::NAME, "payer_name_required");
        let street = c.required(fields[1], row.street.as_deref(), max_len::LOCATION, "street_required");
        let city = c.required(fields[2], row.city.as_deref(), max_len::NAME, "city_required");
        let province = row.province.as_deref().map(|p| p.trim().to_ascii_uppercase());
        let province = PROVINCES.iter().copied().find(|p| province.as_deref() == Some(*p));
        if province.is_none() {
            c.push(fields[3], "province_invalid");
        }
        let postal = parse_postal_code(row.postal_code.as_deref().unwrap_or(""));
        if postal.is_none() {
            c.push(fields[4], "postal_code_invalid");
        }
        let sin = match row.sin.as_deref().map(str::trim) {
            None | Some("") => Some(None),
            Some(s) => match Sin::parse(s) {
                Some(sin) => Some(Some(sin)),
                None => {
                    c.push(fields[5], "sin_invalid");
                    None
                }
            },
        };
        let share = row.share.unwrap_or(default_share);
        payers.push((name, street, city, province, postal, sin, share));
    }
    let shares: Vec<u8> = payers.iter().map(|p| p.6).collect();
    let shares_ok = match shares.as_slice() {
        [] => true,
        [one] => *one == 100,
        many => many.iter().all(|s| (1..=99).contains(s)) && many.iter().map(|s| u32::from(*s)).sum::<u32>() == 100,
    };
    if let (false, Some((_, fields))) = (shares_ok, rows.first()) {
        c.push(fields[6], "share_invalid");
    }
    c.finish(|| {
        payers
            .into_iter()
            .map(|(name, street, city, province, postal, sin, share)| {
                Some(Payer {
                    name: name?,
                    street: street?,
                    city: city?,
                    province: province?,
                    postal_code: postal?,
                    sin: sin?,
                    share,
                })
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payer(name: &str, sin: Option<&str>, share: Option<u8>) -> PayerInput {
        PayerInput {
            name: Some(name.into()),
            street: Some("12 chemin de la Rivière".into()),
            city: Some("La Pêche".into()),
            province: Some("qc".into()),
            postal_code: Some("j0x 2w0".into()),
            sin: sin.map(Into::into),
            share,
        }
    }

    fn codes(r: Result<Vec<Payer>, Vec<FieldError>>) -> Vec<(&'static str, &'static str)> {
        r.err().unwrap_or_default().into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn luhn_by_hand() {
        // 046 454 286 is the CRA's published example of a valid SIN.
        assert!(luhn("046454286"));
        assert!(!luhn("046454287"));
        assert!(luhn("130692544"));
        assert!(!luhn("123456789"));
        assert!(!luhn(""));
    }

    #[test]
    fn sin_takes_spaces_and_keeps_nine_digits() {
        assert_eq!(Sin::parse("046 454 286").map(|s| s.digits().to_owned()), Some("046454286".to_owned()));
        assert_eq!(Sin::parse("046-454-286").map(|s| s.last3().to_owned()), Some("286".to_owned()));
        assert!(Sin::parse("04645428").is_none(), "eight digits");
        assert!(Sin::parse("0464542860").is_none(), "ten digits");
        assert!(Sin::parse("04645428a").is_none());
        assert_eq!(Sin::parse("046454286").map(|s| format!("{s:?}")), Some("*** *** 286".to_owned()));
        assert_eq!(Sin::parse("046454286").map(|s| s.grouped()), Some("046 454 286".to_owned()));
    }

    #[test]
    fn postal_codes() {
        assert_eq!(parse_postal_code("j0x2w0").as_deref(), Some("J0X 2W0"));
        assert_eq!(parse_postal_code(" J0X 2W0 ").as_deref(), Some("J0X 2W0"));
        assert_eq!(parse_postal_code("J0X 2W"), None);
        assert_eq!(parse_postal_code("00X 2W0"), None);
        assert_eq!(parse_postal_code("J0X-2W0"), None);
        assert_eq!(parse_postal_code("12345"), None);
    }

    #[test]
    fn shares_default_and_must_sum_to_100() {
        let one = validate_payers(&[payer("Marie", None, None)]).unwrap_or_default();
        assert_eq!(one.iter().map(Payer::share).collect::<Vec<_>>(), [100]);
        assert_eq!(one[0].postal_code(), "J0X 2W0");
        assert_eq!(one[0].province(), "QC");
        let two = validate_payers(&[payer("Marie", Some("046 454 286"), None), payer("Paul", None, None)])
            .unwrap_or_default();
        assert_eq!(two.iter().map(Payer::share).collect::<Vec<_>>(), [50, 50]);
        let split = validate_payers(&[payer("Marie", None, Some(70)), payer("Paul", None, Some(30))]);
        assert_eq!(split.unwrap_or_default().iter().map(Payer::share).collect::<Vec<_>>(), [70, 30]);
        assert_eq!(
            codes(validate_payers(&[payer("Marie", None, Some(70)), payer("Paul", None, Some(20))])),
            [("payers.0.share", "share_invalid")]
        );
        assert_eq!(
            codes(validate_payers(&[payer("Marie", None, Some(100)), payer("Paul", None, Some(0))])),
            [("payers.0.share", "share_invalid")]
        );
        assert_eq!(codes(validate_payers(&[payer("Marie", None, Some(50))])), [("payers.0.share", "share_invalid")]);
    }

    #[test]
    fn each_field_is_checked_and_blank_rows_dropped() {
        assert_eq!(validate_payers(&[]).unwrap_or_default(), vec![]);
        let blank_row = PayerInput { province: Some("QC".into()), ..Default::default() };
        assert_eq!(validate_payers(&[blank_row]).unwrap_or_default(), vec![]);
        let bad = PayerInput {
            name: Some(" ".into()),
            street: Some("".into()),
            city: None,
            province: Some("XX".into()),
            postal_code: Some("123".into()),
            sin: Some("123 456 789".into()),
            share: None,
        };
        assert_eq!(
            codes(validate_payers(&[payer("Marie", None, None), bad])),
            [
                ("payers.1.name", "payer_name_required"),
                ("payers.1.street", "street_required"),
                ("payers.1.city", "city_required"),
                ("payers.1.province", "province_invalid"),
                ("payers.1.postalCode", "postal_code_invalid"),
                ("payers.1.sin", "sin_invalid"),
            ]
        );
        let three = [payer("A", None, None), payer("B", None, None), payer("C", None, None)];
        assert_eq!(codes(validate_payers(&three)), [("payers", "too_many_payers")]);
        let three = [payer("A", None, None), payer("B", None, None), PayerInput::default()];
        assert_eq!(codes(validate_payers(&three)), [("payers", "too_many_payers")], "rows sent, blank or not");
    }

    #[test]
    fn errors_name_the_row_where_the_request_put_it() {
        // A blank first row keeps its place: the payer sent second is `payers.1`.
        let bad = PayerInput { postal_code: Some("123".into()), ..payer("Marie", None, Some(60)) };
        assert_eq!(
            codes(validate_payers(&[PayerInput::default(), bad])),
            [("payers.1.postalCode", "postal_code_invalid"), ("payers.1.share", "share_invalid")]
        );
        let alone = validate_payers(&[PayerInput::default(), payer("Marie", None, None)]).unwrap_or_default();
        assert_eq!(alone.iter().map(Payer::share).collect::<Vec<_>>(), [100]);
    }
}
