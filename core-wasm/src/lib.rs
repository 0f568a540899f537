//! The PWA's door into centre-core. JS-facing types and conversions live here only.

use wasm_bindgen::prelude::*;

fn lang(code: &str) -> centre_core::Lang {
    centre_core::Lang::from_accept_language(code)
}

/// The catalogue message for `code` in `lang` ("fr" or "en"); the code itself when unknown.
#[wasm_bindgen]
pub fn message(code: &str, lang_code: &str) -> String {
    centre_core::message(code, lang(lang_code)).map_or_else(|| code.to_owned(), str::to_owned)
}
