//! Amounts and dates as Canadian banks write them, in French and English, shared by the
//! notification and CSV readers. Each reader returns `None` rather than guess: a value that is
//! not clearly an amount or a date is reported (or left out) by the caller.

use chrono::NaiveDate;

/// Lowercase without accents, with every kind of space as a plain space and typographic
/// apostrophes as `'`: `Numéro de référence` → `numero de reference`. For labels, headers and
/// month names, never for what is shown.
pub(super) fn fold(s: &str) -> String {
    s.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            '’' | '‘' => '\'',
            c if is_space(c) => ' ',
            c => crate::text::fold_accent(c),
        })
        .collect()
}

/// The spaces French uses between thousands: ordinary, no-break and narrow no-break.
pub(super) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\t')
}

/// The words of a folded text: runs of letters and digits (`date de l'opération` → `date`,
/// `de`, `l`, `operation`).
pub(super) fn words(s: &str) -> Vec<String> {
    fold(s).split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect()
}

/// Cents of a number written `40`, `40.00`, `40,00`, `1,234.50`, `1 234,50` or `1.234,50`. The
/// last `.` or `,` followed by one or two digits separates the cents; every other separator
/// groups thousands, and then each group after the first has exactly three digits (so `40 2`
/// is not a number). `None` for anything else, a negative sign included, or a value too large.
pub(super) fn number_cents(s: &str) -> Option<i64> {
    let s = s.trim_matches(is_space).trim_end_matches(['.', ',']);
    if !s.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',' || is_space(c)) {
        return None;
    }
    let (int, frac) = match s.rfind(['.', ',']) {
        Some(i) if (1..=2).contains(&(s.len() - i - 1)) && s[i + 1..].bytes().all(|b| b.is_ascii_digit()) => {
            (&s[..i], &s[i + 1..])
        }
        _ => (s, ""),
    };
    let groups: Vec<&str> = int.split(|c: char| c == '.' || c == ',' || is_space(c)).collect();
    let well_grouped = match groups.split_first() {
        Some((first, [])) => !first.is_empty(),
        Some((first, rest)) => (1..=3).contains(&first.len()) && rest.iter().all(|g| g.len() == 3),
        None => false,
    };
    if !well_grouped {
        return None;
    }
    let mut units: i64 = 0;
    for d in groups.concat().bytes() {
        units = units.checked_mul(10)?.checked_add(i64::from(d - b'0'))?;
    }
    let cents = match frac.as_bytes() {
        [] => 0,
        [d] => i64::from(d - b'0') * 10,
        [d, e] => i64::from(d - b'0') * 10 + i64::from(e - b'0'),
        _ => return None,
    };
    units.checked_mul(100)?.checked_add(cents)
}

/// The characters a written amount is made of, between its `$` and the next word.
fn amount_char(c: char) -> bool {
    c.is_ascii_digit() || c == '.' || c == ',' || is_space(c)
}

/// The amount next to a `$` in a sentence or a value: `sent you $1,234.50 (CAD)`, `vous a
/// envoyé 1 234,50 $ (CAD)`, `1234,50$`. When the digits run on into other words (`$40.00 2
/// personnes`), the longest run that reads as a number wins.
pub(super) fn money_cents(s: &str) -> Option<i64> {
    for (at, _) in s.match_indices('$') {
        let after = s[at + 1..].trim_start_matches(is_space);
        let run_end = after.find(|c: char| !amount_char(c)).unwrap_or(after.len());
        let mut run = &after[..run_end];
        loop {
            if let Some(cents) = number_cents(run) {
                return Some(cents);
            }
            match run.trim_end_matches(is_space).rfind(is_space) {
                Some(cut) => run = &run[..cut],
                None => break,
            }
        }
        let before = &s[..at];
        let run_start =
            before.char_indices().rev().find(|&(_, c)| !amount_char(c)).map_or(0, |(i, c)| i + c.len_utf8());
        let mut run = &before[run_start..];
        loop {
            if let Some(cents) = number_cents(run) {
                return Some(cents);
            }
            match run.trim_start_matches(is_space).find(is_space) {
                Some(cut) => run = &run.trim_start_matches(is_space)[cut..],
                None => break,
            }
        }
    }
    None
}

/// An `Amount:` value: with a `$` (see [`money_cents`]) or without (`40.00 CAD`, `CAD 40,00`).
pub(super) fn amount_value(s: &str) -> Option<i64> {
    money_cents(s).or_else(|| {
        let bare = fold(s).replace("(cad)", "").replace("cad", "");
        number_cents(&bare)
    })
}

/// What a CSV amount cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cell {
    Blank,
    /// Cents, negative for `-40,00`, `40.00-` or `(40.00)`.
    Cents(i64),
    Unreadable,
}

/// Reads a CSV amount cell: `40.00`, `40,00`, `1 234,50`, `$1,234.50`, `40,00 $`, `+40.00`,
/// `-40.00`, `40.00-`, `(40.00)`.
pub(super) fn cell_cents(cell: &str) -> Cell {
    let mut s = cell.trim_matches(is_space);
    if s.is_empty() {
        return Cell::Blank;
    }
    let mut negative = false;
    if let Some(inner) = s.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        (s, negative) = (inner, true);
    }
    if let Some(rest) = s.strip_prefix('-').or_else(|| s.strip_suffix('-')) {
        (s, negative) = (rest, true);
    } else if let Some(rest) = s.strip_prefix('+') {
        s = rest;
    }
    let bare = s.replace('$', "").replace("CAD", "");
    match number_cents(&bare) {
        Some(c) if negative => Cell::Cents(-c),
        Some(c) => Cell::Cents(c),
        None => Cell::Unreadable,
    }
}

/// Month names and their abbreviations, folded, in English and French.
#[rustfmt::skip]
const MONTHS: &[(&str, u32)] = &[
    ("january", 1), ("jan", 1), ("janvier", 1), ("janv", 1),
    ("february", 2), ("feb", 2), ("fevrier", 2), ("fev", 2), ("fevr", 2),
    ("march", 3), ("mar", 3), ("mars", 3),
    ("april", 4), ("apr", 4), ("avril", 4), ("avr", 4),
    ("may", 5), ("mai", 5),
    ("june", 6), ("jun", 6), ("juin", 6),
    ("july", 7), ("jul", 7), ("juillet", 7), ("juil", 7),
    ("august", 8), ("aug", 8), ("aout", 8),
    ("september", 9), ("sep", 9), ("sept", 9), ("septembre", 9),
    ("october", 10), ("oct", 10), ("octobre", 10),
    ("november", 11), ("nov", 11), ("novembre", 11),
    ("december", 12), ("dec", 12), ("decembre", 12),
];

fn month(word: &str) -> Option<u32> {
    MONTHS.iter().find(|(name, _)| *name == word).map(|&(_, m)| m)
}

/// A day of the month: `20`, `05`, or French `1er`.
fn day(word: &str) -> Option<u32> {
    let digits = word.strip_suffix("er").unwrap_or(word);
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|d| (1..=31).contains(d))
}

fn year(word: &str) -> Option<i32> {
    (word.len() == 4).then(|| word.parse().ok()).flatten().filter(|y| (1900..=2100).contains(y))
}

/// What a numeric date `a/b/yyyy` says of its order: `Some(true)` when it can only be
/// day-first (`20/11/2026`), `Some(false)` when it can only be month-first (`11/20/2026`).
pub(super) fn day_first_hint(s: &str) -> Option<bool> {
    match words(s).as_slice() {
        [a, b, y, ..] if year(y).is_some() => match (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?) {
            (a, b) if a > 12 && b <= 12 => Some(true),
            (a, b) if b > 12 && a <= 12 => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A date written `November 20, 2026`, `Nov. 20, 2026`, `Thu, 20 Nov 2026 10:14`, `20 novembre
/// 2026`, `mar. 1er déc. 2026`, `2026-11-20`, `2026/11/20`, or `a/b/2026`, which is read
/// day-first when `day_first` unless the numbers say otherwise (`11/20/2026`). With a month
/// name, the last one counts (`mar.` is also French for Tuesday) and the day is the number right
/// after it, else right before it.
pub(super) fn date(s: &str, day_first: bool) -> Option<NaiveDate> {
    let words = words(s);
    if let Some(m_at) = words.iter().rposition(|w| month(w).is_some()) {
        let m = month(&words[m_at])?;
        let y = words.iter().find_map(|w| year(w))?;
        let after = words.get(m_at + 1).and_then(|w| day(w));
        let before = m_at.checked_sub(1).and_then(|i| words.get(i)).and_then(|w| day(w));
        return NaiveDate::from_ymd_opt(y, m, after.or(before)?);
    }
    let numbers: Vec<&str> = words.iter().map(String::as_str).take(3).collect();
    let [a, b, c] = numbers.as_slice() else {
        return None;
    };
    if let Some(y) = year(a) {
        return NaiveDate::from_ymd_opt(y, b.parse().ok()?, c.parse().ok()?);
    }
    let y = year(c)?;
    let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
    let day_first = day_first_hint(s).unwrap_or(day_first);
    let (d, m) = if day_first { (a, b) } else { (b, a) };
    NaiveDate::from_ymd_opt(y, m, d)
}

/// The same words, ignoring case and spacing: `Jean  Roy` and `JEAN ROY`.
pub(super) fn same_words(a: &str, b: &str) -> bool {
    a.split_whitespace().map(str::to_lowercase).eq(b.split_whitespace().map(str::to_lowercase))
}
