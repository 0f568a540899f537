//! Rules of the house that no compiler checks, read from the server's source.
//!
//! - `server/src/routes/` speaks only HTTP: no file names a database connection or holds an SQL
//!   statement, so a handler can only parse, check the role, call one use case (`cases/`, or one
//!   `db/` function) and shape the answer. Checked once by planting
//!   `fn planted(conn: &rusqlite::Connection) -> rusqlite::Result<i64> { conn.query_row("SELECT
//!   count(*) FROM users", [], |r| r.get(0)) }` in `routes/health.rs`: it failed, naming the file
//!   and its `rusqlite`, `Connection` and `SELECT … FROM`. On the code before `cases/` existed it
//!   failed on ten files.
//! - The wall clock is read in one place (`clock.rs`, and the metrics' process gauges), so that a
//!   test's `--today` or `--now` moves every "now" of the server. Checked once by planting
//!   `let now = chrono::Utc::now();` in `routes/health.rs`: it failed, naming that line.
//! - One field's error is built by `AppError::field`, not by hand as a one-element list, so that
//!   each refusal of one field reads the same way. Checked once on the code before the helper
//!   was used everywhere: it failed on 24 places in 19 files.
//!
//! Comments are left out before matching: a comment explaining a rule does not break it.

use std::path::{Path, PathBuf};

use regex::Regex;

/// The source of `text` without its comments (each character of a comment a space, its line
/// breaks kept), and its string literals with the line each starts on.
struct Source {
    code: String,
    strings: Vec<(usize, String)>,
}

fn read(text: &str) -> Source {
    let chars: Vec<char> = text.chars().collect();
    let (mut code, mut strings) = (String::with_capacity(text.len()), Vec::new());
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let rest = &chars[i..];
        let (len, comment) = if rest.starts_with(&['/', '/']) {
            (rest.iter().position(|&c| c == '\n').unwrap_or(rest.len()), true)
        } else if rest.starts_with(&['/', '*']) {
            (block_comment(rest), true)
        } else if let Some((len, body)) = string_literal(rest, i > 0 && is_ident(chars[i - 1])) {
            strings.push((line, body));
            (len, false)
        } else if rest[0] == '\'' {
            (char_literal(rest).unwrap_or(1), false)
        } else {
            (1, false)
        };
        let taken = &rest[..len.max(1)];
        line += taken.iter().filter(|&&c| c == '\n').count();
        if comment {
            code.extend(taken.iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
        } else {
            code.extend(taken);
        }
        i += len.max(1);
    }
    Source { code, strings }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn block_comment(rest: &[char]) -> usize {
    let (mut depth, mut i) = (0, 0);
    while i < rest.len() {
        if rest[i..].starts_with(&['/', '*']) {
            (depth, i) = (depth + 1, i + 2);
        } else if rest[i..].starts_with(&['*', '/']) {
            (depth, i) = (depth - 1, i + 2);
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    rest.len()
}

/// `"…"`, `b"…"`, `r"…"`, `r#"…"#`, `br#"…"#` at the start of `rest`: its length and body.
fn string_literal(rest: &[char], after_ident: bool) -> Option<(usize, String)> {
    let prefix = match rest {
        ['"', ..] => 0,
        ['b', '"', ..] | ['r', '"' | '#', ..] if !after_ident => 1,
        ['b', 'r', '"' | '#', ..] if !after_ident => 2,
        _ => return None,
    };
    let raw = rest[..prefix].contains(&'r');
    let hashes = rest[prefix..].iter().take_while(|&&c| c == '#').count();
    let open = prefix + hashes;
    if rest.get(open) != Some(&'"') {
        return None;
    }
    let mut j = open + 1;
    while j < rest.len() {
        match rest[j] {
            '\\' if !raw => j += 2,
            '"' if rest[j + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes => {
                let body = rest[open + 1..j].iter().collect();
                return Some((j + 1 + hashes, body));
            }
            _ => j += 1,
        }
    }
    Some((rest.len(), rest[open + 1..].iter().collect()))
}

/// `'x'`, `'\n'`, `'\u{1F600}'`; `None` for a lifetime (`'a`).
fn char_literal(rest: &[char]) -> Option<usize> {
    if rest.get(1) == Some(&'\\') {
        return rest.get(3..)?.iter().position(|&c| c == '\'').map(|p| p + 4);
    }
    (rest.get(2) == Some(&'\'')).then_some(3)
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

/// `server/src` (or a folder of it): each file's name relative to `server/src`, and its text.
fn sources(under: &str) -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join(under), &mut files);
    files.sort();
    let named = files.iter().map(|f| {
        let name = f.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        (name, std::fs::read_to_string(f).unwrap())
    });
    named.collect()
}

/// Where a file of `routes/` reaches the database: each breach as `file:line: what`.
fn database_in_routes(name: &str, text: &str) -> Vec<String> {
    let source = read(text);
    let names = Regex::new(r"\b(rusqlite|Connection|Transaction)\b").unwrap();
    let statements = [
        Regex::new(r"\bSELECT\b[\s\S]*\bFROM\b").unwrap(),
        Regex::new(r"\bINSERT\s+INTO\b").unwrap(),
        Regex::new(r"\bUPDATE\b[\s\S]*\bSET\b").unwrap(),
        Regex::new(r"\bDELETE\s+FROM\b").unwrap(),
    ];
    let mut found = Vec::new();
    for (i, line) in source.code.lines().enumerate() {
        for m in names.find_iter(line) {
            found.push(format!("{name}:{}: names `{}`", i + 1, m.as_str()));
        }
    }
    for (line, body) in &source.strings {
        for statement in statements.iter().filter(|s| s.is_match(body)) {
            found.push(format!("{name}:{line}: SQL in a string (`{}`)", statement.as_str()));
        }
    }
    found
}

#[test]
fn routes_speak_only_http() {
    let files = sources("routes");
    assert!(files.len() > 20, "the routes' sources were not found");
    let found: Vec<String> = files.iter().flat_map(|(name, text)| database_in_routes(name, text)).collect();
    assert!(found.is_empty(), "routes/ reaches the database (move it to cases/ or db/):\n{}", found.join("\n"));
}

/// Where a file reads the wall clock, as `file:line: text`.
fn wall_clock(name: &str, text: &str) -> Vec<String> {
    let now =
        Regex::new(r"\b(?:(?:Utc|Local|SystemTime)\s*::\s*now|OffsetDateTime\s*::\s*now_(?:utc|local))\s*\(\s*\)")
            .unwrap();
    let code = read(text).code;
    let lines = code.lines().enumerate().filter(|(_, line)| now.is_match(line));
    lines.map(|(i, line)| format!("{name}:{}: {}", i + 1, line.trim())).collect()
}

#[test]
fn the_wall_clock_is_read_in_one_place() {
    let files = sources("");
    assert!(files.len() > 50, "the server's sources were not found");
    let elsewhere = files.iter().filter(|(name, _)| name != "clock.rs" && name != "metrics.rs");
    let found: Vec<String> = elsewhere.flat_map(|(name, text)| wall_clock(name, text)).collect();
    assert!(found.is_empty(), "the wall clock read outside clock.rs (use the app's clock):\n{}", found.join("\n"));
}

/// Where a file builds one field's error by hand, as `file:line: text`.
fn one_field_by_hand(name: &str, text: &str) -> Vec<String> {
    let by_hand =
        Regex::new(r"AppError::Validation\(\s*vec!\[\s*(?:centre_core::)?FieldError::new\([^;]*?\)\s*\]\s*\)").unwrap();
    let code = read(text).code;
    let lines = code.lines().enumerate().filter(|(_, line)| by_hand.is_match(line));
    lines.map(|(i, line)| format!("{name}:{}: {}", i + 1, line.trim())).collect()
}

#[test]
fn one_fields_error_is_built_by_its_helper() {
    let files = sources("");
    let elsewhere = files.iter().filter(|(name, _)| name != "error.rs");
    let found: Vec<String> = elsewhere.flat_map(|(name, text)| one_field_by_hand(name, text)).collect();
    assert!(found.is_empty(), "use AppError::field(field, code):\n{}", found.join("\n"));
}

/// The checks on samples: each way of breaking a rule is seen, and comments and look-alikes are not.
#[test]
fn the_checks_see_each_breach_and_no_comment() {
    for breach in [
        "use rusqlite::params;",
        "fn f(c: &Connection) {}",
        "fn f(t: &Transaction<'_>) {}",
        r#"let q = "SELECT id\n FROM users";"#,
        r##"let q = r#"INSERT INTO users (id) VALUES (?1)"#;"##,
        r#"let q = format!("UPDATE {table} SET x = 1");"#,
        r#"let q = "DELETE FROM users WHERE id = ?1";"#,
    ] {
        assert_eq!(database_in_routes("x.rs", breach).len(), 1, "not seen: {breach}");
    }
    for fine in [
        "// a handler never names a rusqlite Connection",
        "/// SELECT id FROM users is for db/",
        "/* a Transaction /* nested */ */ let x = 1;",
        r#"let code = "select_a_week"; let header = "Update the form";"#,
        "let c = '\"'; let s = \"// not a comment: SELECT it from the list\";",
    ] {
        assert!(database_in_routes("x.rs", fine).is_empty(), "seen wrongly: {fine}");
    }
    assert_eq!(wall_clock("x.rs", "let a = chrono::Utc::now();\nlet b = std::time::SystemTime::now();").len(), 2);
    assert_eq!(wall_clock("x.rs", "let c = Local::now();").len(), 1);
    assert_eq!(wall_clock("x.rs", "let d = time::OffsetDateTime::now_utc();").len(), 1);
    assert!(wall_clock("x.rs", "// never Utc::now()\nlet t = state.now(); let i = Instant::now();").is_empty());
    for breach in [
        r#"return Err(AppError::Validation(vec![FieldError::new("year", "year_invalid")]));"#,
        r#".ok_or_else(|| AppError::Validation(vec![centre_core::FieldError::new("day", code)]))?;"#,
        r#"Err(e) => Err(AppError::Validation(vec![FieldError::new(field, e.code().unwrap_or("x"))])),"#,
    ] {
        assert_eq!(one_field_by_hand("x.rs", breach).len(), 1, "not seen: {breach}");
    }
    assert!(
        one_field_by_hand(
            "x.rs",
            "Err(AppError::Validation(errors))\n// AppError::Validation(vec![FieldError::new(a, b)])"
        )
        .is_empty()
    );
}
