//! Every export is called by the PWA: each one keeps its code in the `.wasm`, which every phone
//! downloads, so an export nobody calls is weight for nothing. Reads the exports of `src/lib.rs`
//! (each `#[wasm_bindgen]` function, by its JavaScript name) and looks for each in
//! pwa/src/core/index.ts, the PWA's one door to core-wasm.
//!
//! Checked once on the export it found unused, `advanceKnockout` (applyPending moves the bracket
//! on the phone): this test failed naming it, until it went.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

/// The JavaScript names `src/lib.rs` exports.
fn exports(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut pending: Option<Option<String>> = None;
    for line in source.lines().map(str::trim) {
        if let Some(attribute) = line.strip_prefix("#[wasm_bindgen") {
            let js_name =
                attribute.split("js_name = ").nth(1).map(|rest| rest.trim_end_matches(")]").trim().to_owned());
            pending = Some(js_name);
        } else if let (Some(js_name), Some(rest)) = (&pending, line.strip_prefix("pub fn ")) {
            let rust_name = rest.split('(').next().unwrap_or_default().to_owned();
            names.push(js_name.clone().unwrap_or(rust_name));
            pending = None;
        } else if !line.starts_with("///") && !line.starts_with("#[") && !line.is_empty() {
            pending = None;
        }
    }
    names
}

fn words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect()
}

#[test]
fn the_pwa_calls_every_export() {
    let root = env!("CARGO_MANIFEST_DIR");
    let lib = std::fs::read_to_string(format!("{root}/src/lib.rs")).unwrap();
    let door = std::fs::read_to_string(format!("{root}/../pwa/src/core/index.ts")).unwrap();
    let exported = exports(&lib);
    assert!(exported.len() >= 10, "the exports were not read: {exported:?}");
    let called = words(&door);
    let unused: Vec<&String> = exported.iter().filter(|name| !called.contains(name.as_str())).collect();
    assert!(unused.is_empty(), "exported but never called by pwa/src/core/index.ts (remove them): {unused:?}");
}

#[test]
fn the_exports_are_read_by_their_javascript_names() {
    let source = "#[wasm_bindgen(js_name = applyPending)]\npub fn apply_pending(r: &str) -> String {}\n\
                  /// A doc.\n#[wasm_bindgen]\npub fn standings(r: &str) -> String {}\nfn private() {}\npub fn plain() {}";
    assert_eq!(exports(source), ["applyPending", "standings"]);
}
