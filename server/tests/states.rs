//! A state is an enum from the database to the browser (core's `stored_text!` types): the
//! server never compares one with a string literal, where a typo or a renamed state would
//! compile and silently never match. SQL keeps its own quoted literals ('cancelled' in a
//! WHERE), which the schema's CHECKs guard; this reads Rust expressions only.

use std::path::{Path, PathBuf};

use regex::Regex;

/// Field or variable names that hold a state.
const STATE: &str = r"(?:status|payment_status|kind|round_type|outcome|role|resolution)";

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
fn comparisons(name: &str, source: &str) -> Vec<String> {
    let access = format!(r"\b\w*{STATE}\b(?:\(\))?(?:\.as_str\(\)|\.as_deref\(\)|\.as_ref\(\))?");
    let patterns = [
        // `row.status == "setup"`, `m.round_type != "pool"`
        format!(r#"{access}\s*(?:==|!=)\s*(?:Some\()?""#),
        // `"setup" == row.status`
        format!(r#""\s*(?:==|!=)\s*&?\w+(?:\.\w+)*\.{STATE}\b"#),
        // `match row.status.as_str() {` with string arms, `matches!(x.kind.as_str(), "team")`
        // (a request's `Option<String>`, read with `as_deref`, is parsed into the enum instead)
        format!(r"(?:match|matches!\()\s*&?[\w.]*\.{STATE}\w*\.as_str\(\)"),
    ];
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
fn the_server_never_compares_a_state_with_a_string_literal() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 50, "the server's sources were not found in {}", root.display());
    let mut found = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        let name = file.strip_prefix(&root).unwrap_or(&file).display().to_string();
        found.extend(comparisons(&name, &source));
    }
    assert!(found.is_empty(), "states compared with string literals (use core's enums):\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_each_way_of_comparing_a_state_with_text() {
    for line in [
        r#"    if tournament.status == "setup" {"#,
        r#"    rows.iter().filter(|m| m.round_type != "pool")"#,
        r#"    if "completed" == m.status {"#,
        r#"    match self.status.as_str() {"#,
        r#"    if payment_status.as_deref() == Some("paid") {"#,
        r#"    self.kind == "team""#,
        r#"    matches!(row.kind.as_str(), "team")"#,
    ] {
        assert_eq!(comparisons("x.rs", line).len(), 1, "not seen: {line}");
    }
    for line in [
        r#"    if tournament.status == TournamentStatus::Setup {"#,
        r#"    "UPDATE matches SET status = 'completed' WHERE id = ?1","#,
        r#"    // a status == "setup" in a comment"#,
        r#"    let name = "status";"#,
    ] {
        assert!(comparisons("x.rs", line).is_empty(), "seen wrongly: {line}");
    }
}
