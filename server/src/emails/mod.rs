//! The texts of the e-mails the centre sends, in French and English. Pure functions from what
//! happened to an `Email`; handlers put the result in the outbox inside their transaction.

pub mod courts;
