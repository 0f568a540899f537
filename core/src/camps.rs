//! Day-camp rules shared by the server and the PWA: the child's age on the first day of each
//! chosen week must fit the program, the program that fits a child when none was chosen, the
//! normalised identity that stops the same child being registered twice in one week, the
//! amount due, and the week's dates as a person reads them.

use chrono::{Datelike, NaiveDate};

use crate::messages::Lang;

/// Catalogue code when the child's age does not fit the chosen program (placeholders `{age}`,
/// `{week}`, `{program}`, `{min}`, `{max}`).
pub const CODE_AGE_PROGRAM: &str = "child_age_program";
/// Catalogue code when no program fits the child for every chosen week.
pub const CODE_AGE_NO_PROGRAM: &str = "child_age";

/// A program's age range, inclusive, in whole years.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgeRange<'a> {
    pub program_id: &'a str,
    pub min_age: u32,
    pub max_age: u32,
}

impl AgeRange<'_> {
    pub fn contains(&self, age: u32) -> bool {
        (self.min_age..=self.max_age).contains(&age)
    }
}

/// The first chosen week on which the child's age does not fit, and that age.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgeMismatch {
    pub week_start: NaiveDate,
    pub age: u32,
}

/// Age in whole years on `on` (0 for a birth date after `on`).
pub fn age_on(birth: NaiveDate, on: NaiveDate) -> u32 {
    on.years_since(birth).unwrap_or(0)
}

/// Checks the child's age on the first day of every chosen week against `range`; the first
/// week that does not fit is reported (weeks are checked in the order given).
pub fn check_age(birth: NaiveDate, week_starts: &[NaiveDate], range: AgeRange<'_>) -> Result<(), AgeMismatch> {
    for &week_start in week_starts {
        let age = age_on(birth, week_start);
        if !range.contains(age) {
            return Err(AgeMismatch { week_start, age });
        }
    }
    Ok(())
}

/// The first program (in the order given) whose range fits the child on every chosen week;
/// used when a registration names weeks but no program (a body with `weekId` alone, the
/// single-week shape the API still takes).
pub fn program_for_child<'a>(
    birth: NaiveDate,
    week_starts: &[NaiveDate],
    programs: &[AgeRange<'a>],
) -> Option<&'a str> {
    programs.iter().find(|p| check_age(birth, week_starts, **p).is_ok()).map(|p| p.program_id)
}

/// The amount due for `weeks` weeks at `weekly_price_cents`; `None` on overflow.
pub fn amount_cents(weekly_price_cents: u64, weeks: usize) -> Option<u64> {
    weekly_price_cents.checked_mul(u64::try_from(weeks).ok()?)
}

/// A child's identity for "the same child twice in one week": first name, last name and birth
/// date, compared without case, accents, punctuation or repeated spaces
/// (`"Zoé-Anne  Côté"` and `"zoe anne cote"` are the same child).
pub fn child_key(first_name: &str, last_name: &str, birth: NaiveDate) -> String {
    format!("{}|{}|{}", normalise_name(first_name), normalise_name(last_name), birth)
}

fn normalise_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        let base = crate::text::fold_accent(c);
        if base.is_alphanumeric() {
            out.push(base);
        } else if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out.trim_end().to_owned()
}

/// A program's display name (the ids are the French names).
pub fn program_name(program_id: &str, lang: Lang) -> String {
    match (program_id, lang) {
        ("explorateurs", Lang::Fr) => "Explorateurs".to_owned(),
        ("explorateurs", Lang::En) => "Explorers".to_owned(),
        ("aventuriers", Lang::Fr) => "Aventuriers".to_owned(),
        ("aventuriers", Lang::En) => "Adventurers".to_owned(),
        ("leaders", _) => "Leaders".to_owned(),
        (other, _) => {
            let mut chars = other.chars();
            chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
        }
    }
}

fn month(d: NaiveDate, lang: Lang) -> &'static str {
    crate::messages::month_name(d.month0(), lang)
}

/// A date as a person reads it: `6 juillet 2026` / `July 6, 2026`.
pub fn date_label(d: NaiveDate, lang: Lang) -> String {
    match lang {
        Lang::Fr if d.day() == 1 => format!("1er {} {}", month(d, lang), d.year()),
        Lang::Fr => format!("{} {} {}", d.day(), month(d, lang), d.year()),
        Lang::En => format!("{} {}, {}", month(d, lang), d.day(), d.year()),
    }
}

/// A week's number in its summer, from its label (`week1` is 1), as the console numbers them.
pub fn week_number(label: &str) -> Option<u32> {
    let digits = label.len() - label.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    label[label.len() - digits..].parse().ok()
}

/// A week as the console names it: `Semaine 1 : 6 au 10 juillet 2026`, `Week 1: July 6 to 10,
/// 2026`; its dates alone when its label carries no number.
pub fn week_name(label: &str, start: NaiveDate, end: NaiveDate, lang: Lang) -> String {
    let dates = week_label(start, end, lang);
    match (week_number(label), lang) {
        (Some(n), Lang::Fr) => format!("Semaine {n} : {dates}"),
        (Some(n), Lang::En) => format!("Week {n}: {dates}"),
        (None, _) => dates,
    }
}

/// A week's dates as a person reads them, to follow "la semaine du" / "the week of":
/// `6 au 10 juillet 2026`, `29 juillet au 2 août 2026`; `July 6 to 10, 2026`,
/// `July 29 to August 2, 2026`.
pub fn week_label(start: NaiveDate, end: NaiveDate, lang: Lang) -> String {
    let same_month = start.month() == end.month() && start.year() == end.year();
    let same_year = start.year() == end.year();
    let day = |d: NaiveDate| match lang {
        Lang::Fr if d.day() == 1 => "1er".to_owned(),
        _ => d.day().to_string(),
    };
    match lang {
        Lang::Fr if same_month => format!("{} au {} {} {}", day(start), day(end), month(end, lang), end.year()),
        Lang::Fr if same_year => {
            format!("{} {} au {} {} {}", day(start), month(start, lang), day(end), month(end, lang), end.year())
        }
        Lang::Fr => format!("{} au {}", date_label(start, lang), date_label(end, lang)),
        Lang::En if same_month => format!("{} {} to {}, {}", month(start, lang), start.day(), end.day(), end.year()),
        Lang::En if same_year => {
            format!("{} {} to {} {}, {}", month(start, lang), start.day(), month(end, lang), end.day(), end.year())
        }
        Lang::En => format!("{} to {}", date_label(start, lang), date_label(end, lang)),
    }
}

/// Whether the parent may still change a registration's health form on `today` (the centre's
/// date): until the first day of its first week; from then on the centre changes it.
pub fn health_form_editable(first_week_start: NaiveDate, today: NaiveDate) -> bool {
    today < first_week_start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::message;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn the_health_form_is_the_parents_until_the_first_day() {
        let monday = d("2026-07-06");
        assert!(health_form_editable(monday, d("2026-07-05")));
        assert!(!health_form_editable(monday, monday), "not on the first day");
        assert!(!health_form_editable(monday, d("2026-07-08")));
    }

    const PROGRAMS: [AgeRange<'static>; 3] = [
        AgeRange { program_id: "explorateurs", min_age: 6, max_age: 8 },
        AgeRange { program_id: "aventuriers", min_age: 9, max_age: 12 },
        AgeRange { program_id: "leaders", min_age: 13, max_age: 16 },
    ];

    #[test]
    fn age_on_the_first_day_of_each_week() {
        // (birth, week starts, program index, expected)
        type Row<'a> = (&'a str, &'a [&'a str], usize, Result<(), (&'a str, u32)>);
        let rows: &[Row] = &[
            // Turns 6 on the Monday itself: fits.
            ("2020-07-06", &["2026-07-06"], 0, Ok(())),
            // Turns 6 on the Tuesday: still 5 on the Monday.
            ("2020-07-07", &["2026-07-06"], 0, Err(("2026-07-06", 5))),
            // 8 all summer: fits the youngest program.
            ("2018-01-15", &["2026-07-06", "2026-08-10"], 0, Ok(())),
            // Turns 9 between two chosen weeks: the later week no longer fits explorateurs.
            ("2017-07-20", &["2026-07-06", "2026-07-27"], 0, Err(("2026-07-27", 9))),
            // ... and the earlier week does not fit aventuriers.
            ("2017-07-20", &["2026-07-06", "2026-07-27"], 1, Err(("2026-07-06", 8))),
            // Upper bound inclusive: 16 fits leaders, 17 does not.
            ("2010-01-01", &["2026-07-06"], 2, Ok(())),
            ("2009-07-06", &["2026-07-06"], 2, Err(("2026-07-06", 17))),
            // Born on 29 February: 6 on 1 March of a common year.
            ("2020-02-29", &["2026-03-02"], 0, Ok(())),
            // Too young for anything.
            ("2022-01-01", &["2026-07-06"], 0, Err(("2026-07-06", 4))),
        ];
        for (birth, weeks, program, expected) in rows {
            let weeks: Vec<NaiveDate> = weeks.iter().map(|w| d(w)).collect();
            let got = check_age(d(birth), &weeks, PROGRAMS[*program]);
            let want = expected.map_err(|(w, age)| AgeMismatch { week_start: d(w), age });
            assert_eq!(got, want, "{birth} {weeks:?} {}", PROGRAMS[*program].program_id);
        }
    }

    #[test]
    fn the_program_that_fits_every_week() {
        let july = [d("2026-07-06")];
        assert_eq!(program_for_child(d("2019-05-01"), &july, &PROGRAMS), Some("explorateurs"));
        assert_eq!(program_for_child(d("2015-05-01"), &july, &PROGRAMS), Some("aventuriers"));
        assert_eq!(program_for_child(d("2011-05-01"), &july, &PROGRAMS), Some("leaders"));
        assert_eq!(program_for_child(d("2008-05-01"), &july, &PROGRAMS), None);
        // Turns 9 mid-summer: no single program fits both weeks.
        assert_eq!(program_for_child(d("2017-07-20"), &[d("2026-07-06"), d("2026-07-27")], &PROGRAMS), None);
    }

    #[test]
    fn the_same_child_whatever_the_typing() {
        let birth = d("2018-03-04");
        assert_eq!(child_key("Zoé-Anne", "Côté", birth), child_key("  zoe anne ", "COTE", birth));
        assert_eq!(child_key("Zoé-Anne", "Côté", birth), "zoe anne|cote|2018-03-04");
        assert_eq!(child_key("Éloïse", "O'Brien", birth), "eloise|o brien|2018-03-04");
        assert_ne!(child_key("Zoé", "Côté", birth), child_key("Zoé", "Côté", d("2018-03-05")));
        assert_ne!(child_key("Léa", "Roy", birth), child_key("Léo", "Roy", birth));
    }

    #[test]
    fn amounts() {
        assert_eq!(amount_cents(12_000, 2), Some(24_000));
        assert_eq!(amount_cents(16_000, 0), Some(0));
        assert_eq!(amount_cents(u64::MAX, 2), None);
    }

    #[test]
    fn names_and_week_labels() {
        assert_eq!(program_name("explorateurs", Lang::En), "Explorers");
        assert_eq!(program_name("aventuriers", Lang::Fr), "Aventuriers");
        assert_eq!(program_name("nouveau", Lang::Fr), "Nouveau");
        let rows = [
            ("2026-07-06", "2026-07-10", "6 au 10 juillet 2026", "July 6 to 10, 2026"),
            ("2026-07-27", "2026-07-31", "27 au 31 juillet 2026", "July 27 to 31, 2026"),
            ("2024-07-29", "2024-08-02", "29 juillet au 2 août 2024", "July 29 to August 2, 2024"),
            ("2027-07-29", "2027-08-01", "29 juillet au 1er août 2027", "July 29 to August 1, 2027"),
            (
                "2026-12-28",
                "2027-01-01",
                "28 décembre 2026 au 1er janvier 2027",
                "December 28, 2026 to January 1, 2027",
            ),
        ];
        for (start, end, fr, en) in rows {
            assert_eq!(week_label(d(start), d(end), Lang::Fr), fr);
            assert_eq!(week_label(d(start), d(end), Lang::En), en);
        }
        assert_eq!(date_label(d("2026-08-01"), Lang::Fr), "1er août 2026");
        assert_eq!(date_label(d("2026-08-01"), Lang::En), "August 1, 2026");
    }

    #[test]
    fn the_codes_are_in_the_catalogue() {
        for code in [CODE_AGE_PROGRAM, CODE_AGE_NO_PROGRAM] {
            for lang in [Lang::Fr, Lang::En] {
                assert!(message(code, lang).is_some(), "{code}");
            }
        }
        let fr = message(CODE_AGE_PROGRAM, Lang::Fr).unwrap_or_default();
        for placeholder in ["{age}", "{week}", "{program}", "{min}", "{max}"] {
            assert!(fr.contains(placeholder), "{placeholder}");
        }
    }

    #[test]
    fn a_week_is_named_as_the_console_names_it() {
        let d = |m, day| NaiveDate::from_ymd_opt(2026, m, day).unwrap_or_default();
        assert_eq!(week_number("week1"), Some(1));
        assert_eq!(week_number("week12"), Some(12));
        assert_eq!(week_number("semaine"), None);
        assert_eq!(week_name("week1", d(7, 6), d(7, 10), Lang::Fr), "Semaine 1 : 6 au 10 juillet 2026");
        assert_eq!(week_name("week4", d(7, 27), d(7, 31), Lang::En), "Week 4: July 27 to 31, 2026");
        assert_eq!(week_name("spéciale", d(7, 27), d(7, 31), Lang::Fr), "27 au 31 juillet 2026");
    }
}
