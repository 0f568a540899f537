//! Spreadsheet exports (xlsx, rust_xlsxwriter) for the admin console: pure functions from rows
//! to the bytes of a workbook.

pub mod camps;
pub mod events;
pub mod payments;
