//! States kept in the database as text and sent over the wire as the same text: each is an
//! enum whose variants name their text once ([`stored_text!`]), so the server reads a column
//! straight into the enum (the `sql` feature: rusqlite's `FromSql`/`ToSql`), answers carry it
//! with its schema (the `openapi` feature lists its values in `api/openapi.json`), and the PWA
//! gets a union of exactly those values from the generated types.

/// `as_str`, `parse`, `ALL` and `Display` for a state enum, and, with the `sql` feature, how
/// rusqlite reads and writes it. A stored text that names no variant is an error (the schema's
/// CHECK constraints make it impossible), never a silent default.
macro_rules! stored_text {
    ($ty:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        impl $ty {
            /// Every state, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The text stored in the database and sent on the wire.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $text),+
                }
            }

            pub fn parse(text: &str) -> Option<$ty> {
                match text {
                    $($text => Some($ty::$variant),)+
                    _ => None,
                }
            }
        }

        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        #[cfg(feature = "sql")]
        impl ::rusqlite::types::ToSql for $ty {
            fn to_sql(&self) -> ::rusqlite::Result<::rusqlite::types::ToSqlOutput<'_>> {
                Ok(::rusqlite::types::ToSqlOutput::from(self.as_str()))
            }
        }

        #[cfg(feature = "sql")]
        impl ::rusqlite::types::FromSql for $ty {
            fn column_result(value: ::rusqlite::types::ValueRef<'_>) -> ::rusqlite::types::FromSqlResult<$ty> {
                let text = value.as_str()?;
                $ty::parse(text).ok_or_else(|| {
                    ::rusqlite::types::FromSqlError::Other(
                        format!("{text:?} is not a {}", stringify!($ty)).into(),
                    )
                })
            }
        }
    };
}

pub(crate) use stored_text;
