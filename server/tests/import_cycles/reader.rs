//! Reads the paths a Rust file names, without a Rust parser: its comments, strings and
//! character literals blanked (they may mention paths), then each path of two segments or more,
//! a `use` tree one path per leaf.

/// The code without comments, strings and character literals (which may mention paths), each
/// replaced by spaces.
pub(super) fn strip(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let skip = if rest.starts_with(&['/', '/']) {
            rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            block_comment(rest)
        } else if rest[0] == '"' {
            1 + quoted(&rest[1..])
        } else if rest[0] == 'r' && !ident_before(&chars, i) && raw_string(rest).is_some() {
            raw_string(rest).unwrap_or(1)
        } else if rest[0] == '\'' {
            char_literal(rest).unwrap_or(0)
        } else {
            0
        };
        if skip == 0 {
            out.push(chars[i]);
            i += 1;
        } else {
            out.extend(rest[..skip].iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
            i += skip;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

fn block_comment(rest: &[char]) -> usize {
    let (mut depth, mut i) = (0, 0);
    while i < rest.len() {
        if rest[i..].starts_with(&['/', '*']) {
            depth += 1;
            i += 2;
        } else if rest[i..].starts_with(&['*', '/']) {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    rest.len()
}

/// The length of a string's body and closing quote.
fn quoted(rest: &[char]) -> usize {
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    rest.len()
}

/// `r"…"`, `r#"…"#`: its whole length.
fn raw_string(rest: &[char]) -> Option<usize> {
    let hashes = rest[1..].iter().take_while(|&&c| c == '#').count();
    if rest.get(1 + hashes) != Some(&'"') {
        return None;
    }
    let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
    let body = 2 + hashes;
    let end = (body..rest.len()).find(|&j| rest[j..].starts_with(&close))?;
    Some(end + close.len())
}

/// `'x'`, `'\n'`, `'\u{1F600}'`; `None` for a lifetime (`'a`).
fn char_literal(rest: &[char]) -> Option<usize> {
    if rest.get(1) == Some(&'\\') {
        return rest.get(3..)?.iter().position(|&c| c == '\'').map(|p| p + 4);
    }
    (rest.get(2) == Some(&'\'')).then_some(3)
}

#[derive(Debug, PartialEq)]
enum Token {
    Ident(String),
    Path,
    Open,
    Close,
    Comma,
    Star,
    Other,
}

fn tokens(code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
            continue;
        }
        i += 1;
        out.push(match c {
            ':' if chars.get(i) == Some(&':') => {
                i += 1;
                Token::Path
            }
            '{' => Token::Open,
            '}' => Token::Close,
            ',' => Token::Comma,
            '*' => Token::Star,
            c if c.is_whitespace() => continue,
            _ => Token::Other,
        });
    }
    out
}

fn is_ident(token: Option<&Token>, name: &str) -> bool {
    matches!(token, Some(Token::Ident(s)) if s == name)
}

/// A path as written (`a::b::c`), with the inline modules (`mod tests { … }`) it is written in
/// and, in a `use`, the name it brings in.
pub(super) struct Written {
    pub scope: Vec<String>,
    pub path: Vec<String>,
    pub imported_as: Option<String>,
}

/// Every path of two segments or more (a `use` tree gives one per leaf).
pub(super) fn paths(code: &str) -> Vec<Written> {
    let tokens = tokens(code);
    let mut found = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Open => depth += 1,
            Token::Close => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Open)) = (tokens.get(i + 1), tokens.get(i + 2)) {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Token::Ident(_)
                if tokens.get(i + 1) == Some(&Token::Path)
                    && i.checked_sub(1).is_none_or(|p| tokens[p] != Token::Path) =>
            {
                let in_use = i.checked_sub(1).is_some_and(|p| is_ident(tokens.get(p), "use"));
                let scope: Vec<String> = inline.iter().map(|(name, _)| name.clone()).collect();
                let mut leaves = Vec::new();
                i = tree(&tokens, i, Vec::new(), &mut leaves);
                found.extend(leaves.into_iter().map(|(path, rename)| {
                    let imported_as = in_use.then(|| rename.or_else(|| imported_name(&path))).flatten();
                    Written { scope: scope.clone(), path, imported_as }
                }));
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// `a::b::C` brings in `C`, `a::b::{self}` brings in `b`, a glob brings in no one name.
fn imported_name(path: &[String]) -> Option<String> {
    let mut names = path.iter().rev().filter(|s| *s != "self");
    if path.last().is_some_and(|s| s == "*") { None } else { names.next().cloned() }
}

/// Reads `a::b::{c, d::{e, self}}` from `tokens[i]`, adding each leaf's path to `leaves`, and
/// returns the index after it.
fn tree(
    tokens: &[Token],
    mut i: usize,
    mut prefix: Vec<String>,
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    loop {
        match tokens.get(i) {
            Some(Token::Ident(segment)) => {
                prefix.push(segment.clone());
                i += 1;
            }
            Some(Token::Star) => {
                prefix.push("*".to_owned());
                i += 1;
            }
            Some(Token::Open) => {
                i += 1;
                while !matches!(tokens.get(i), Some(Token::Close) | None) {
                    i = tree(tokens, i, prefix.clone(), leaves);
                    if tokens.get(i) == Some(&Token::Comma) {
                        i += 1;
                    }
                }
                return i + 1;
            }
            _ => break,
        }
        if tokens.get(i) != Some(&Token::Path) {
            break;
        }
        i += 1;
    }
    let mut rename = None;
    if is_ident(tokens.get(i), "as")
        && let Some(Token::Ident(name)) = tokens.get(i + 1)
    {
        rename = Some(name.clone());
        i += 2;
    }
    if prefix.len() > 1 || prefix.first().is_some_and(|s| s != "self") {
        leaves.push((prefix, rename));
    }
    i
}
