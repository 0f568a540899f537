//! A state is an enum from the database to the browser (core's `stored_text!` types). The
//! states are the schema's closed sets, read from migrations/ (every TEXT column with a
//! `CHECK (column IN ('…', …))`), not from a list kept here. The server never holds one as text
//! (a field, a binding or a parameter of that name typed `String` or `&str`), and never compares
//! one with a string literal: a typo or a renamed state would compile and silently never match.
//! SQL keeps its own quoted literals ('cancelled' in a WHERE), which the schema's CHECKs guard;
//! this reads Rust only. routes/ is left out of the first rule: it reads no column
//! (tests/fitness.rs), so a state there is a request's text, which its handler parses.
//!
//! Checked once by planting `let state: String = r.get(2)?;` in db/payments/transfers.rs: it
//! failed, naming that line.

use std::path::{Path, PathBuf};

use regex::Regex;

/// Names that are not a column's although a closed set has the same name, with why.
const NOT_A_STATE: &[(&str, &str)] = &[
    // OAuth's `state` parameter: a random token the sign-in flow remembers.
    ("auth/oidc.rs", "state"),
];

/// The closed sets' column names, from every migration's CHECKs.
fn closed_sets() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    // `CHECK (status IN ('a', 'b'))`, or `CHECK (kind IS NULL OR kind IN ('a', 'b'))`.
    let check = Regex::new(r"CHECK\s*\(\s*(?:([a-z_]+)\s+IS\s+NULL\s+OR\s+)?([a-z_]+)\s+IN\s*\(([^)]*)\)").unwrap();
    let mut names: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let sql = std::fs::read_to_string(entry.path()).unwrap();
        for found in check.captures_iter(&sql) {
            let name = found[2].to_owned();
            if found[3].contains('\'') && !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names.sort();
    names
}

fn alternatives(names: &[String]) -> String {
    format!("(?:{})", names.join("|"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each line of `source` that compares a state with a string literal, as `file:line: text`.
fn comparisons(name: &str, source: &str, states: &[String]) -> Vec<String> {
    let state = alternatives(states);
    let access = format!(r"\b\w*{state}\b(?:\(\))?(?:\.as_str\(\)|\.as_deref\(\)|\.as_ref\(\))?");
    let patterns = [
        // `row.status == "setup"`, `m.round_type != "pool"`
        format!(r#"{access}\s*(?:==|!=)\s*(?:Some\()?""#),
        // `"setup" == row.status`
        format!(r#""\s*(?:==|!=)\s*&?\w+(?:\.\w+)*\.{state}\b"#),
        // `match row.status.as_str() {` with string arms, `matches!(x.kind.as_str(), "team")`
        // (a request's `Option<String>`, read with `as_deref`, is parsed into the enum instead)
        format!(r"(?:match|matches!\()\s*&?[\w.]*\.{state}\w*\.as_str\(\)"),
    ];
    matching(name, source, &patterns)
}

/// Each line of `source` that holds a state as text: a field, binding or parameter named after
/// a closed set (`status`, `payment_status`) typed `String`, `&str` or an `Option` of them.
fn held_as_text(name: &str, source: &str, states: &[String]) -> Vec<String> {
    let states: Vec<String> =
        states.iter().filter(|s| !NOT_A_STATE.iter().any(|(file, n)| name == *file && n == s)).cloned().collect();
    let pattern =
        format!(r"\b(?:\w+_)?{}\s*:\s*(?:Option<\s*)?(?:&\s*(?:'\w+\s+)?)?(?:String|str)\b", alternatives(&states));
    matching(name, source, &[pattern])
}

fn matching(name: &str, source: &str, patterns: &[String]) -> Vec<String> {
    let patterns: Vec<Regex> = patterns.iter().map(|p| Regex::new(p).unwrap()).collect();
    source
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter(|(_, line)| patterns.iter().any(|p| p.is_match(line)))
        .map(|(i, line)| format!("{name}:{}: {}", i + 1, line.trim()))
        .collect()
}

#[test]
fn the_server_never_holds_or_compares_a_state_as_text() {
    let states = closed_sets();
    assert!(states.len() >= 8 && states.contains(&"payment_status".to_owned()), "the schema's closed sets: {states:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 50, "the server's sources were not found in {}", root.display());
    let mut found = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        let name = file.strip_prefix(&root).unwrap_or(&file).display().to_string();
        found.extend(comparisons(&name, &source, &states));
        if !name.starts_with("routes") {
            found.extend(held_as_text(&name, &source, &states));
        }
    }
    assert!(found.is_empty(), "states held or compared as text (use core's enums):\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_each_way_of_comparing_a_state_with_text() {
    let states = closed_sets();
    for line in [
        r#"    if tournament.status == "setup" {"#,
        r#"    rows.iter().filter(|m| m.round_type != "pool")"#,
        r#"    if "completed" == m.status {"#,
        r#"    match self.status.as_str() {"#,
        r#"    if payment_status.as_deref() == Some("paid") {"#,
        r#"    self.kind == "team""#,
        r#"    matches!(row.kind.as_str(), "team")"#,
    ] {
        assert_eq!(comparisons("x.rs", line, &states).len(), 1, "not seen: {line}");
    }
    for line in [
        r#"    if tournament.status == TournamentStatus::Setup {"#,
        r#"    "UPDATE matches SET status = 'completed' WHERE id = ?1","#,
        r#"    // a status == "setup" in a comment"#,
        r#"    let name = "status";"#,
    ] {
        assert!(comparisons("x.rs", line, &states).is_empty(), "seen wrongly: {line}");
    }
}

#[test]
fn the_check_sees_a_state_held_as_text() {
    let states = closed_sets();
    for line in [
        "    pub status: String,",
        "    let state: String = r.get(2)?;",
        "    payment_status: Option<String>,",
        "fn people(conn: &Connection, kind: &str) {",
        "    pub lang: &'a str,",
        "    pub lang: &'static str,",
    ] {
        assert_eq!(held_as_text("x.rs", line, &states).len(), 1, "not seen: {line}");
    }
    for line in [
        "    pub status: PaymentStatus,",
        "    pub kind: Option<ListKind>,",
        "    status_label: String,",
        "    // status: String in a comment",
    ] {
        assert!(held_as_text("x.rs", line, &states).is_empty(), "seen wrongly: {line}");
    }
    assert!(held_as_text("auth/oidc.rs", "    pub state: String,", &states).is_empty(), "OAuth's state");
}
