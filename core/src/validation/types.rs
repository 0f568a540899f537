//! Validated value types. Each one can only be built through `parse`, so a value that exists is
//! valid: the server and the PWA pass these around instead of raw strings.

use serde::{Deserialize, Serialize};

/// Longest accepted lengths, in characters, for each kind of text field.
pub mod max_len {
    pub const NAME: usize = 100;
    pub const EMAIL: usize = 254;
    pub const PHONE: usize = 30;
    pub const TEAM_NAME: usize = 100;
    pub const TITLE: usize = 200;
    pub const DESCRIPTION: usize = 5000;
    pub const LOCATION: usize = 300;
    pub const CATEGORY: usize = 50;
    pub const COMMENTS: usize = 1000;
    pub const MEDICAL: usize = 2000;
    pub const WEEK_ID: usize = 50;
    pub const USER_ID: usize = 255;
}

/// Why a piece of text was refused. Mapped to a field-specific code by the form validators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextError {
    Empty,
    TooLong,
    Invalid,
    /// A character the field may not hold (see [`Lines`]): a NUL the database cannot keep
    /// whole, or a line break that would start a line of its own in an e-mail or a workbook.
    Control,
}

impl TextError {
    /// The generic catalogue code for this failure (`required` codes are field-specific, so
    /// `Empty` has none here).
    pub fn generic_code(self) -> Option<&'static str> {
        match self {
            TextError::Empty => None,
            TextError::TooLong => Some("too_long"),
            TextError::Invalid => None,
            TextError::Control => Some("text_control"),
        }
    }
}

/// Whether a field's text is one line (names, titles, ids...) or free text typed in a
/// `<textarea>` (a description, comments, the medical information).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lines {
    One,
    Many,
}

impl Lines {
    /// True for a character this kind of field refuses: on one line every control character
    /// (NUL, TAB, CR, LF, DEL, the C1 set with U+0085) and the Unicode line and paragraph
    /// separators; in free text the control characters but line breaks and tabs.
    fn refuses(self, c: char) -> bool {
        match self {
            Lines::One => c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'),
            Lines::Many => c.is_control() && !matches!(c, '\n' | '\r' | '\t'),
        }
    }
}

/// `raw` trimmed, unless that is empty, holds a character `lines` refuses, or is longer than
/// `max` characters: the first check of every text field. Whitespace around the text (a pasted
/// trailing newline) is trimmed before, as it is never kept.
fn bounded(raw: &str, max: usize, lines: Lines) -> Result<&str, TextError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        Err(TextError::Empty)
    } else if trimmed.chars().any(|c| lines.refuses(c)) {
        Err(TextError::Control)
    } else if trimmed.chars().count() > max {
        Err(TextError::TooLong)
    } else {
        Ok(trimmed)
    }
}

/// [`bounded`] for a value with a shape of its own (an e-mail, a phone number): a character no
/// line may hold makes it malformed, so it keeps its own `invalid` code.
fn bounded_shape(raw: &str, max: usize) -> Result<&str, TextError> {
    bounded(raw, max, Lines::One).map_err(|e| if e == TextError::Control { TextError::Invalid } else { e })
}

/// Trimmed, non-empty text of bounded length without control characters (names, titles,
/// locations, ids...; free text may also hold line breaks and tabs).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Text(String);

impl Text {
    /// One line of text: trims `raw`; refuses it when empty, when it holds a control character
    /// or a line or paragraph separator (U+2028, U+2029), or when longer than `max` characters.
    pub fn parse(raw: &str, max: usize) -> Result<Text, TextError> {
        bounded(raw, max, Lines::One).map(|s| Text(s.to_owned()))
    }

    /// Free text typed in a `<textarea>`: as [`Text::parse`], but line breaks (`\n`, `\r`) and
    /// tabs are kept; every other control character is refused.
    pub fn parse_multiline(raw: &str, max: usize) -> Result<Text, TextError> {
        bounded(raw, max, Lines::Many).map(|s| Text(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A plausible e-mail address: `local@domain.tld`, no spaces, at most 254 characters, the local
/// part at most 64. Trimmed; the case is kept as typed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Email, TextError> {
        let s = bounded_shape(raw, max_len::EMAIL)?;
        let Some((local, domain)) = s.split_once('@') else {
            return Err(TextError::Invalid);
        };
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && local.chars().all(|c| !c.is_whitespace() && !c.is_control() && !"@<>()[],;:\"\\".contains(c));
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|l| {
                !l.is_empty()
                    && !l.starts_with('-')
                    && !l.ends_with('-')
                    && l.chars().all(|c| c.is_alphanumeric() || c == '-')
            })
            && labels.last().is_some_and(|tld| tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic));
        if local_ok && domain_ok { Ok(Email(s.to_owned())) } else { Err(TextError::Invalid) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A phone number as typed (trimmed): digits with the usual separators (`+ - . ( )` and spaces,
/// an optional `ext`/`x` extension), 7 to 15 digits before any extension.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Phone(String);

impl Phone {
    pub fn parse(raw: &str) -> Result<Phone, TextError> {
        let s = bounded_shape(raw, max_len::PHONE)?;
        let lower = s.to_ascii_lowercase();
        let (main, ext) = match lower.find("ext").or_else(|| lower.find('x')) {
            Some(i) => (&lower[..i], Some(lower[i..].trim_start_matches("ext").trim_start_matches('x'))),
            None => (lower.as_str(), None),
        };
        let main_ok = main.chars().all(|c| c.is_ascii_digit() || " +-.()".contains(c))
            && main.chars().filter(|c| *c == '+').count() <= 1
            && main.trim_start().find('+').is_none_or(|i| i == 0);
        let digits = main.chars().filter(char::is_ascii_digit).count();
        let ext_ok = ext.is_none_or(|e| {
            let e = e.trim_start_matches(['.', ' ', ':']).trim();
            !e.is_empty() && e.len() <= 6 && e.chars().all(|c| c.is_ascii_digit())
        });
        if main_ok && ext_ok && (7..=15).contains(&digits) { Ok(Phone(s.to_owned())) } else { Err(TextError::Invalid) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An amount of money in cents, zero or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct Cents(u64);

impl Cents {
    /// Largest accepted price: 100,000.00 $.
    pub const MAX: u64 = 10_000_000;

    pub fn new(cents: u64) -> Option<Cents> {
        (cents <= Self::MAX).then_some(Cents(cents))
    }

    pub fn get(self) -> u64 {
        self.0
    }
}

/// Cents as the API and the workbooks give amounts: dollars (`12.5` for 1250 cents), exact for
/// every amount below 2^53 cents.
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Gender of a child in a day-camp registration, as stored and sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    Girl,
    Boy,
    Other,
}

crate::stored::stored_text!(Gender { Girl = "girl", Boy = "boy", Other = "other" });

/// A JSON number or a string holding one: HTML inputs send either, depending on the client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum NumberInput {
    Number(f64),
    Text(String),
}

impl NumberInput {
    /// `None` when the entry is blank (an empty string counts as absent).
    pub fn is_blank(&self) -> bool {
        matches!(self, NumberInput::Text(s) if s.trim().is_empty())
    }

    /// The value as a finite float, `None` when blank or not a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            NumberInput::Number(n) => n.is_finite().then_some(*n),
            NumberInput::Text(s) => s.trim().replace(',', ".").parse::<f64>().ok().filter(|n| n.is_finite()),
        }
    }

    /// The value as a whole number, `None` when blank, fractional or not a number. Strings must be
    /// plain digits with an optional sign (`"3"`, not `"3.0"` or `"3abc"`); numbers must be integral.
    pub fn as_integer(&self) -> Option<i64> {
        match self {
            NumberInput::Number(n) => (n.is_finite() && n.fract() == 0.0 && n.abs() < 1e15).then_some(*n as i64),
            NumberInput::Text(s) => s.trim().parse::<i64>().ok(),
        }
    }
}

impl From<f64> for NumberInput {
    fn from(n: f64) -> Self {
        NumberInput::Number(n)
    }
}

impl From<&str> for NumberInput {
    fn from(s: &str) -> Self {
        NumberInput::Text(s.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        for ok in ["a@b.co", "  marie.tremblay@example.qc.ca ", "x+tag@sub-domain.example.com", "élodie@exemple.fr"] {
            assert!(Email::parse(ok).is_ok(), "{ok}");
        }
        for bad in
            ["", "a", "a@", "@b.co", "a@b", "a@b.c", "a b@c.co", "a@b..co", "a@-b.co", "a@@b.co", "a.@b.co", "a@b.c0m"]
        {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
        for bad in ["a\u{0}@b.co", "a@b.co\r\nBcc: x@example.org", "a\tb@c.co", "a@b\u{7f}.co", "a\u{2028}b@c.co"] {
            assert_eq!(Email::parse(bad), Err(TextError::Invalid), "{bad:?}");
        }
        assert_eq!(Email::parse(&format!("{}@b.co", "a".repeat(65))), Err(TextError::Invalid));
        assert_eq!(Email::parse(&format!("a@{}.co", "b".repeat(260))), Err(TextError::TooLong));
    }

    #[test]
    fn phones() {
        for ok in [
            "819-555-0123",
            "(819) 555-0123",
            "+1 819 555 0123",
            "8195550123",
            "819.555.0123 ext. 12",
            "819-555-0123 x4",
        ] {
            assert!(Phone::parse(ok).is_ok(), "{ok}");
        }
        for bad in
            ["", "abc", "12345", "819-555-0123 ext", "1+819 555 0123", "819 555 0123 poste 4", "1234567890123456"]
        {
            assert!(Phone::parse(bad).is_err(), "{bad}");
        }
        for bad in ["819-555-0123 ext\t4", "819-555-0123 x\n4", "819\u{0}555-0123", "819-555-0123 ext.\u{85}4"] {
            assert_eq!(Phone::parse(bad), Err(TextError::Invalid), "{bad:?}");
        }
    }

    #[test]
    fn text_trims_and_bounds() {
        assert_eq!(Text::parse("  Marie ", 10).map(Text::into_string), Ok("Marie".to_owned()));
        assert_eq!(Text::parse("   ", 10), Err(TextError::Empty));
        assert_eq!(Text::parse("ééééé", 5).map(|t| t.as_str().chars().count()), Ok(5));
        assert_eq!(Text::parse("éééééé", 5), Err(TextError::TooLong));
    }

    #[test]
    fn numbers() {
        assert_eq!(NumberInput::from("12").as_integer(), Some(12));
        assert_eq!(NumberInput::from(" 12 ").as_integer(), Some(12));
        assert_eq!(NumberInput::from("12.5").as_integer(), None);
        assert_eq!(NumberInput::from(12.0).as_integer(), Some(12));
        assert_eq!(NumberInput::from(12.5).as_integer(), None);
        assert_eq!(NumberInput::from("12,5").as_f64(), Some(12.5));
        assert!(NumberInput::from(" ").is_blank());
        assert_eq!(NumberInput::from("abc").as_f64(), None);
    }
}
