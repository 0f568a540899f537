//! The texts of the e-mails the centre sends, in French and English. Pure functions from what
//! happened to an `Email`; handlers put the result in the outbox inside their transaction.

pub mod camps;
pub mod courts;
pub mod events;
pub mod leagues;
pub mod payments;
pub mod reports;
pub mod waitlist;

use centre_core::Lang;
use chrono::{DateTime, Utc};

/// The centre's name and street address, as the e-mails and calendar files give them.
pub const CENTRE_NAME: &str = "Centre plein air de La Pêche";
pub const CENTRE_ADDRESS: &str = "20, chemin du Lac-Mulvihill, La Pêche (Québec) J0X 2W0";

/// An amount in CAD as people read it: `1 234,50 $` (French) or `$1,234.50` (English).
pub fn money(cents: i64, lang: Lang) -> String {
    let cents = cents.max(0);
    let whole = (cents / 100).to_string();
    let frac = cents % 100;
    let separator = match lang {
        Lang::Fr => ' ',
        Lang::En => ',',
    };
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(separator);
        }
        grouped.push(digit);
    }
    match lang {
        Lang::Fr => format!("{grouped},{frac:02} $"),
        Lang::En => format!("${grouped}.{frac:02}"),
    }
}

/// A date and time in the centre's time zone: `08/03/2026 14:30` (French) or
/// `2026-03-08 14:30` (English), as the app shows them.
pub fn date_time(utc: &str, tz: chrono_tz::Tz, lang: Lang) -> String {
    let Ok(t) = utc.parse::<DateTime<Utc>>() else {
        return utc.to_owned();
    };
    let local = t.with_timezone(&tz);
    match lang {
        Lang::Fr => local.format("%d/%m/%Y %H:%M").to_string(),
        Lang::En => local.format("%Y-%m-%d %H:%M").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_in_both_languages() {
        assert_eq!(money(10_000, Lang::Fr), "100,00 $");
        assert_eq!(money(123_450, Lang::Fr), "1 234,50 $");
        assert_eq!(money(5, Lang::En), "$0.05");
        assert_eq!(money(123_456_789, Lang::En), "$1,234,567.89");
    }

    #[test]
    fn dates_in_the_centre_time_zone() {
        let tz = chrono_tz::America::Toronto;
        assert_eq!(date_time("2026-07-01T13:00:00Z", tz, Lang::Fr), "01/07/2026 09:00");
        assert_eq!(date_time("2026-12-01T13:00:00Z", tz, Lang::En), "2026-12-01 08:00");
    }
}
