//! Spreadsheet exports (xlsx, rust_xlsxwriter) for the admin console: pure functions from rows
//! to the bytes of a workbook. Every sheet is written by [`write_sheet`], so every file has the
//! same cell types (dates as date cells in the centre's time zone, amounts as numbers in
//! dollars) and the same print layout (landscape, one page wide, the heading row on every page,
//! the title and the export's date in the page header). `my_data` is the one page, not a
//! workbook: a member's own data, to read and print.

pub mod camps;
pub mod events;
pub mod leagues;
pub mod my_data;
pub mod payments;
pub mod rl24;

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Timelike, Utc};
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, XlsxError};

/// A file name's part from a title: its letters and digits (accents dropped), the rest as single
/// underscores; `fallback` when nothing is left.
pub fn slug(title: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in title.chars().map(centre_core::text::fold_accent) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_matches('_');
    if out.is_empty() { fallback.to_owned() } else { out.to_owned() }
}

/// An instant on the centre's wall clock, French order: `10/06/2026 09:00`.
pub const DATE_TIME_FORMAT: &str = "dd/mm/yyyy hh:mm";
/// A day, French order: `10/06/2026`.
pub const DATE_FORMAT: &str = "dd/mm/yyyy";
/// Dollars with two decimals and the sign after the amount; the separators follow the reader's
/// locale (`1 234,50 $` in French, `1,234.50 $` in English), in Excel and LibreOffice alike.
pub const MONEY_FORMAT: &str = "#,##0.00 \"$\"";

/// Paper the centre prints on (Letter, Quebec's size).
const LETTER: u8 = 1;
/// The widest a column grows for its values (a heading may be wider).
const MAX_WIDTH: usize = 50;
/// The width of a wrapped column (long free text).
const NOTE_WIDTH: usize = 40;
/// Excel limits a page header to 255 characters, codes included.
const MAX_TITLE: usize = 150;

/// One cell of an export, with its type.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    /// Free text that can be long: wrapped in a column of its own width.
    Note(String),
    /// A count (an age, days, reminders).
    Number(f64),
    /// An amount in cents, written as dollars.
    Money(i64),
    /// An instant on the centre's wall clock; `None` is an empty cell.
    Time(Option<NaiveDateTime>),
    Day(NaiveDate),
}

impl Cell {
    pub fn text(s: impl Into<String>) -> Cell {
        Cell::Text(s.into())
    }

    /// The length the cell shows, in characters, to size its column.
    fn shown_len(&self) -> usize {
        match self {
            Cell::Text(s) => s.chars().count(),
            Cell::Note(s) => s.chars().count().min(NOTE_WIDTH),
            Cell::Number(n) => n.to_string().len(),
            // The digits, a thousands separator and " $".
            Cell::Money(cents) => format!("{:.2}", *cents as f64 / 100.0).len() + 4,
            Cell::Time(Some(_)) => DATE_TIME_FORMAT.len(),
            Cell::Time(None) => 0,
            Cell::Day(_) => DATE_FORMAT.len(),
        }
    }
}

/// An instant as the centre's wall clock.
pub fn local(t: DateTime<Utc>, tz: chrono_tz::Tz) -> NaiveDateTime {
    t.with_timezone(&tz).naive_local()
}

/// What is printed at the top of every page of a sheet.
pub struct Page<'a> {
    /// The sheet's tab name.
    pub sheet: &'a str,
    /// Its title in French, printed top left.
    pub title: &'a str,
    /// When the file was made, on the centre's wall clock, printed top right.
    pub exported: NaiveDateTime,
}

impl Page<'_> {
    /// The page header in Excel's codes: `&L` left, `&R` right; a literal `&` is `&&`.
    pub fn header(&self) -> String {
        let title: String = self.title.chars().take(MAX_TITLE).collect();
        format!("&L{}&RExporté le {}", title.replace('&', "&&"), self.exported.format("%d/%m/%Y %H:%M"))
    }
}

/// Adds a sheet: the bold heading row, then `rows`, with every column wide enough for its
/// heading and its values, the heading row frozen and the print layout.
pub fn write_sheet<'r>(
    book: &mut Workbook,
    page: &Page<'_>,
    headings: &[&str],
    rows: impl IntoIterator<Item = &'r [Cell]>,
) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    let wrap = Format::new().set_text_wrap();
    let money = Format::new().set_num_format(MONEY_FORMAT);
    let time = Format::new().set_num_format(DATE_TIME_FORMAT);
    let day = Format::new().set_num_format(DATE_FORMAT);

    let sheet = book.add_worksheet();
    sheet.set_name(page.sheet)?;
    let mut widths: Vec<usize> = headings.iter().map(|h| h.chars().count()).collect();
    for (col, heading) in headings.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *heading, &bold)?;
    }
    for (i, row) in rows.into_iter().enumerate() {
        let line = i as u32 + 1;
        for (col, cell) in row.iter().enumerate() {
            let c = col as u16;
            match cell {
                Cell::Text(s) => sheet.write_string(line, c, s)?,
                Cell::Note(s) => sheet.write_string_with_format(line, c, s, &wrap)?,
                Cell::Number(n) => sheet.write_number(line, c, *n)?,
                Cell::Money(cents) => sheet.write_number_with_format(line, c, *cents as f64 / 100.0, &money)?,
                Cell::Time(Some(t)) => sheet.write_datetime_with_format(line, c, excel_time(*t)?, &time)?,
                Cell::Time(None) => sheet,
                Cell::Day(d) => sheet.write_datetime_with_format(line, c, excel_day(*d)?, &day)?,
            };
            if let Some(width) = widths.get_mut(col) {
                *width = (*width).max(cell.shown_len().min(MAX_WIDTH));
            }
        }
    }
    for (col, width) in widths.into_iter().enumerate() {
        // Bold headings and capitals are wider than Excel's unit (one '0'), plus a margin.
        sheet.set_column_width(col as u16, width as f64 * 1.15 + 2.0)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    sheet.set_landscape();
    sheet.set_paper_size(LETTER);
    sheet.set_print_fit_to_pages(1, 0);
    sheet.set_repeat_rows(0, 0)?;
    sheet.set_header(page.header());
    sheet.set_footer("&CPage &P de &N");
    Ok(())
}

fn excel_day(d: NaiveDate) -> Result<ExcelDateTime, XlsxError> {
    let year = u16::try_from(d.year()).map_err(|_| XlsxError::DateTimeRangeError(format!("year {}", d.year())))?;
    ExcelDateTime::from_ymd(year, d.month() as u8, d.day() as u8)
}

fn excel_time(t: NaiveDateTime) -> Result<ExcelDateTime, XlsxError> {
    excel_day(t.date())?.and_hms(t.hour() as u16, t.minute() as u8, t.second())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_header_escapes_ampersands_and_stays_short() {
        let exported = NaiveDate::from_ymd_opt(2026, 6, 10).and_then(|d| d.and_hms_opt(9, 5, 0)).unwrap_or_default();
        let page = Page { sheet: "S", title: "Volley & plage", exported };
        assert_eq!(page.header(), "&LVolley && plage&RExporté le 10/06/2026 09:05");
        let long = "x".repeat(400);
        let page = Page { sheet: "S", title: &long, exported };
        assert!(page.header().chars().count() < 255);
    }
}
