//! Interac notification e-mails pasted as text, one or many one after another, in French or
//! English, from any bank: the "sent you money" notice (`INTERAC e-Transfer: JOHN SMITH sent
//! you money.` / `Virement Interac : MARIE TREMBLAY vous a envoyé de l'argent.`) and the deposit
//! confirmation (`Your funds have been deposited` / `Les fonds ont été déposés`).
//!
//! The text is read line by line. Labelled lines give fields (`Amount:`, `Montant :`, `Sent
//! From:`, `Expéditeur :`, `Message :`, `Reference Number:`, `Numéro de référence :`, `Date :`),
//! with the value on the same line after a colon or a tab, or on the next line when a web mail
//! put the label alone (a pasted table). A heading (`… sent you …`, `… vous a envoyé …`, `Your
//! funds have been deposited`, `Les fonds ont été déposés`) begins the next notification once
//! the current one has a message or reference number (every bank writes those after its
//! headings) or an amount the heading does not repeat, or when it names another sender; so does a labelled amount, message or
//! reference number that differs from the current one's, and a mail client's "Forwarded
//! message" line. Each notification must end up with an amount, or the whole
//! text is refused naming it: an admin is better told than left with a transfer missing.
//!
//! Some banks send each notification in both languages in one e-mail; a notification right
//! after one in the other language that agrees on every field both have is that translation,
//! and is folded into it rather than read as a second transfer.

use super::ParseError;
use super::Transfer;
use super::fields::{amount_value, date, fold, money_cents, same_words};
use crate::messages::Lang;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Amount,
    Sender,
    /// `From:` / `De :`, which is also the header of a forwarded e-mail (`From: Interac
    /// <notify@payments.interac.ca>`): an address or Interac itself is not the sender.
    From,
    Message,
    Reference,
    Date,
}

/// Labels, folded, with the field they introduce and the language they reveal.
#[rustfmt::skip]
const LABELS: &[(&str, Field, Option<Lang>)] = &[
    ("amount", Field::Amount, Some(Lang::En)),
    ("transfer amount", Field::Amount, Some(Lang::En)),
    ("montant", Field::Amount, Some(Lang::Fr)),
    ("montant du virement", Field::Amount, Some(Lang::Fr)),
    ("sent from", Field::Sender, Some(Lang::En)),
    ("sent by", Field::Sender, Some(Lang::En)),
    ("sender", Field::Sender, Some(Lang::En)),
    ("expediteur", Field::Sender, Some(Lang::Fr)),
    ("envoye par", Field::Sender, Some(Lang::Fr)),
    ("from", Field::From, None),
    ("de", Field::From, None),
    ("message", Field::Message, None),
    ("sender's message", Field::Message, Some(Lang::En)),
    ("message de l'expediteur", Field::Message, Some(Lang::Fr)),
    ("memo", Field::Message, None),
    ("reference number", Field::Reference, Some(Lang::En)),
    ("reference no", Field::Reference, Some(Lang::En)),
    ("numero de reference", Field::Reference, Some(Lang::Fr)),
    ("no de reference", Field::Reference, Some(Lang::Fr)),
    ("n° de reference", Field::Reference, Some(Lang::Fr)),
    ("date", Field::Date, None),
    ("date sent", Field::Date, Some(Lang::En)),
    ("deposit date", Field::Date, Some(Lang::En)),
    ("date d'envoi", Field::Date, Some(Lang::Fr)),
    ("date du depot", Field::Date, Some(Lang::Fr)),
];

/// Headings without a sender, folded.
const DEPOSITED: &[(&str, Lang)] = &[
    ("funds have been deposited", Lang::En),
    ("money has been deposited", Lang::En),
    ("fonds ont ete deposes", Lang::Fr),
];

/// A line's label, when it is one of [`LABELS`], and the value after it (empty when the label
/// stands alone).
fn labelled(line: &str) -> Option<(Field, Option<Lang>, &str)> {
    let (label, value) = match line.find([':', '\t']) {
        Some(i) => (&line[..i], line[i + 1..].trim()),
        None => (line, ""),
    };
    let key = fold(label).split_whitespace().collect::<Vec<_>>().join(" ");
    LABELS.iter().find(|(l, ..)| *l == key).map(|&(_, field, lang)| (field, lang, value))
}

/// What a heading line says.
struct Heading {
    lang: Lang,
    sender: Option<String>,
    amount: Option<i64>,
}

fn heading(line: &str) -> Option<Heading> {
    // ASCII lowercase keeps byte positions, so the sender is cut from the line as written;
    // `vous a envoy` matches `envoyé` written in any case.
    let low = line.to_ascii_lowercase();
    let word_at = |phrase: &str| low.match_indices(phrase).map(|(i, _)| i).find(|&i| i == 0 || low[..i].ends_with(' '));
    for (phrase, lang) in [("sent you ", Lang::En), ("vous a envoy", Lang::Fr)] {
        if let Some(at) = word_at(phrase) {
            let amount = positive(money_cents(&line[at..]));
            return Some(Heading { lang, sender: sender_before(&line[..at]), amount });
        }
    }
    // `A transfer from KEVIN O'BRIEN has been automatically deposited.` / `Un virement de
    // KEVIN O'BRIEN a été déposé automatiquement.`
    for (phrase, end, lang) in [("a transfer from ", " has been", Lang::En), ("un virement de ", " a ", Lang::Fr)] {
        if let Some(at) = word_at(phrase) {
            let start = at + phrase.len();
            if let Some(len) = low[start..].find(end) {
                let sender = line[start..start + len].trim();
                return Some(Heading { lang, sender: (!sender.is_empty()).then(|| sender.to_owned()), amount: None });
            }
        }
    }
    let folded = fold(line);
    DEPOSITED.iter().find(|(p, _)| folded.contains(p)).map(|&(_, lang)| Heading { lang, sender: None, amount: None })
}

/// The line a mail client puts before a forwarded or quoted e-mail: what follows is another
/// notification.
fn is_forward_separator(line: &str) -> bool {
    let folded = fold(line);
    ["forwarded message", "original message", "message transfere", "message d'origine"]
        .iter()
        .any(|p| folded.contains(p))
}

/// The sender in the words before `sent you`: after a subject's `INTERAC e-Transfer:` or
/// `Virement Interac :`, after a greeting's comma (`Hi CENTRE, JOHN SMITH`), without `has`.
fn sender_before(s: &str) -> Option<String> {
    let s = s.rsplit(':').next().unwrap_or(s);
    let s = match s.rsplit_once(',') {
        Some((greeting, name)) if is_greeting(greeting) => name,
        _ => s,
    };
    let s = s.trim();
    let s = s.strip_suffix(" has").unwrap_or(s).trim();
    (!s.is_empty()).then(|| s.to_owned())
}

fn is_greeting(s: &str) -> bool {
    let first = fold(s).split_whitespace().next().unwrap_or_default().to_owned();
    ["hi", "hello", "dear", "bonjour", "allo", "salut"].contains(&first.as_str())
}

fn positive(cents: Option<i64>) -> Option<i64> {
    cents.filter(|&c| c > 0)
}

#[derive(Debug, Default)]
struct Draft {
    lang: Option<Lang>,
    amount: Option<i64>,
    sender: Option<String>,
    message: Option<String>,
    date: Option<chrono::NaiveDate>,
    bank_reference: Option<String>,
}

impl Draft {
    fn is_empty(&self) -> bool {
        self.amount.is_none()
            && self.sender.is_none()
            && self.message.is_none()
            && self.date.is_none()
            && self.bank_reference.is_none()
    }
}

#[derive(Default)]
struct Reader {
    done: Vec<Draft>,
    cur: Draft,
    /// A label that stood alone: the next line is its value.
    pending: Option<(Field, Option<Lang>)>,
    headings: usize,
}

impl Reader {
    fn begin(&mut self) {
        let d = std::mem::take(&mut self.cur);
        if !d.is_empty() {
            self.done.push(d);
        }
    }

    fn line(&mut self, raw: &str) {
        // Quoted forwards start lines with `>`.
        let line = raw.trim().trim_start_matches('>').trim();
        if line.is_empty() {
            return;
        }
        if let Some((field, lang, value)) = labelled(line) {
            self.pending = None;
            if value.is_empty() {
                self.pending = Some((field, lang));
            } else {
                self.set(field, lang, value);
            }
        } else if is_forward_separator(line) {
            self.pending = None;
            if self.cur.amount.is_some() {
                self.begin();
            }
        } else if let Some(h) = heading(line) {
            self.pending = None;
            self.heading(h);
        } else if let Some((field, lang)) = self.pending.take() {
            self.set(field, lang, line);
        }
    }

    fn heading(&mut self, h: Heading) {
        self.headings += 1;
        let other_sender = matches!((&self.cur.sender, &h.sender), (Some(a), Some(b)) if !same_words(a, b));
        // A subject and a body may both say `JOHN SMITH sent you $40.00`: the same notice.
        let other_amount = self.cur.amount.is_some() && h.amount != self.cur.amount;
        if other_amount || other_sender || self.cur.message.is_some() || self.cur.bank_reference.is_some() {
            self.begin();
        }
        self.cur.lang = self.cur.lang.or(Some(h.lang));
        self.cur.sender = self.cur.sender.take().or(h.sender);
        self.cur.amount = self.cur.amount.or(h.amount);
    }

    fn set(&mut self, field: Field, lang: Option<Lang>, value: &str) {
        let differs = |held: &Option<String>| held.as_deref().is_some_and(|h| h != value);
        match field {
            Field::Amount => {
                let Some(cents) = positive(amount_value(value)) else { return };
                if self.cur.amount.is_some_and(|a| a != cents) {
                    self.begin();
                }
                self.cur.amount = Some(cents);
            }
            Field::Message | Field::Reference => {
                let held = if field == Field::Message { &self.cur.message } else { &self.cur.bank_reference };
                if differs(held) {
                    self.begin();
                }
                let slot = if field == Field::Message { &mut self.cur.message } else { &mut self.cur.bank_reference };
                *slot = Some(value.to_owned());
            }
            Field::Sender | Field::From => {
                let forward_header = field == Field::From && (value.contains('@') || fold(value).contains("interac"));
                if !forward_header {
                    self.cur.sender = self.cur.sender.take().or_else(|| Some(value.to_owned()));
                }
            }
            Field::Date => {
                let day_first = self.cur.lang.or(lang) != Some(Lang::En);
                self.cur.date = self.cur.date.or_else(|| date(value, day_first));
            }
        }
        self.cur.lang = self.cur.lang.or(lang);
    }
}

/// Reads every notification in `text`; an empty list when there is none.
pub(super) fn read(text: &str) -> Result<Vec<Transfer>, ParseError> {
    let mut reader = Reader::default();
    for line in text.lines() {
        reader.line(line);
    }
    reader.begin();
    if reader.headings == 0 && reader.done.iter().all(|d| d.amount.is_none()) {
        return Ok(Vec::new());
    }
    let mut out: Vec<(Option<Lang>, Transfer)> = Vec::with_capacity(reader.done.len());
    for (i, d) in reader.done.into_iter().enumerate() {
        let Some(amount_cents) = d.amount else {
            return Err(ParseError::NotificationAmount { notification: i + 1 });
        };
        let t = Transfer {
            amount_cents,
            sender: d.sender.unwrap_or_default(),
            message: d.message.unwrap_or_default(),
            date: d.date,
            bank_reference: d.bank_reference,
        };
        if let Some((prev_lang, prev)) = out.last_mut()
            && prev_lang.zip(d.lang).is_some_and(|(a, b)| a != b)
            && is_translation(prev, &t)
        {
            fill(prev, t);
            continue;
        }
        out.push((d.lang, t));
    }
    Ok(out.into_iter().map(|(_, t)| t).collect())
}

/// `b` says nothing that `a` contradicts: the same amount, and the same sender, message, date
/// and reference number wherever both have one.
fn is_translation(a: &Transfer, b: &Transfer) -> bool {
    let text = |x: &str, y: &str| x.is_empty() || y.is_empty() || same_words(x, y);
    a.amount_cents == b.amount_cents
        && text(&a.sender, &b.sender)
        && text(&a.message, &b.message)
        && a.date.zip(b.date).is_none_or(|(x, y)| x == y)
        && a.bank_reference.as_deref().zip(b.bank_reference.as_deref()).is_none_or(|(x, y)| x == y)
}

fn fill(a: &mut Transfer, b: Transfer) {
    if a.sender.is_empty() {
        a.sender = b.sender;
    }
    if a.message.is_empty() {
        a.message = b.message;
    }
    a.date = a.date.or(b.date);
    a.bank_reference = a.bank_reference.take().or(b.bank_reference);
}
