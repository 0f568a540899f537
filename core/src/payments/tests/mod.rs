//! Realistic samples in French and English, the reconciliation of sample batches, and
//! properties: one line per transfer, no reference matched that is not in the message, no
//! panic on any input.

mod csv;
mod fields;
mod interac;
mod matching;
mod props;
mod samples;
