//! The files of `server/src`, `core/src` and `core-wasm/src` each depend on one another without a
//! circle: a file in a circle cannot be read, changed or tested apart from the others, and one
//! circle tends to draw more files in.
//!
//! A file depends on another when it names a path in it: `use crate::a::b::X`, `crate::a::b::f()`,
//! `super::X` or `self::x::Y`, or a path going on from a name such a `use` brought in
//! (`routes::health::health` after `use crate::routes;`). A path leads to the file that defines
//! its deepest module (`crate::routes::courts::list` is `routes/courts.rs` or
//! `routes/courts/mod.rs`), or, for a name that file only re-exports (`crate::build_router`,
//! brought into lib.rs by `pub use router::build_router`), to the file the name comes from. A
//! `mod x;` declaration is no dependency: it only says where a file sits; nor is the re-export
//! itself (`pub use view::export` in `payments/mod.rs` is the parent listing its child).

mod reader;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

use reader::{Written, paths, strip};

/// File (relative to `server/src`) → the files it depends on, each with the first path that
/// says so.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The crate's source folder `src` (of `crate_dir`, relative to the workspace) has no circle;
/// reading fewer than `files` files with fewer than `edges` dependencies means the reader broke.
fn assert_no_circle(crate_dir: &str, files: usize, edges: usize) {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(crate_dir).join("src");
    let graph = graph(&src);
    assert!(
        graph.len() >= files && graph.values().map(BTreeMap::len).sum::<usize>() >= edges,
        "nothing read in {crate_dir}: {graph:?}"
    );
    let cycles = cycles(&graph);
    if !cycles.is_empty() {
        let listed: Vec<String> = cycles.iter().map(|c| format!("  {}", describe(&graph, c))).collect();
        panic!(
            "{} import circle(s) in {crate_dir}/src (each file names a path in the next):\n{}",
            cycles.len(),
            listed.join("\n")
        );
    }
}

#[test]
fn server_src_files_import_no_circle() {
    assert_no_circle("server", 50, 100);
}

/// Checked once on the code before the tie-break chain's data moved to a leaf (tiebreak.rs) and
/// `SetScore` beside the match (tournament.rs): it failed with 3 circles, format/mod.rs →
/// standings/tiebreak.rs → format/mod.rs among them.
#[test]
fn core_src_files_import_no_circle() {
    assert_no_circle("core", 30, 60);
}

/// Checked once on the code before `Failure` moved to failure.rs: it failed on api.rs → forms.rs →
/// api.rs.
#[test]
fn core_wasm_src_files_import_no_circle() {
    assert_no_circle("core-wasm", 4, 3);
}

/// The reader on a sample: one that found nothing would let the test above pass on any code.
#[test]
fn the_reader_finds_the_paths_and_what_a_use_brings_in() {
    let code = strip(
        "use crate::{app::AppState, openapi::{self, NotFound}};\n\
         use crate::routes as r;\n\
         // use crate::commented::Out;\n\
         fn f() { let s = \"crate::in_a::string\"; crate::live::Live::new(); pub(crate) fn g(c: char) { c == '\\''; } }\n\
         #[attribute(openapi::NotFound)]\n\
         mod tests { use super::*; use super::super::db::Db; }\n\
         use self::child::Thing;",
    );
    let text: Vec<String> = paths(&code)
        .iter()
        .map(|w| format!("{}|{}|{}", w.scope.join("::"), w.path.join("::"), w.imported_as.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(
        text,
        [
            "|crate::app::AppState|AppState",
            "|crate::openapi::self|openapi",
            "|crate::openapi::NotFound|NotFound",
            "|crate::routes|r",
            "|crate::live::Live::new|",
            "|openapi::NotFound|",
            "tests|super::*|",
            "tests|super::super::db::Db|Db",
            "|self::child::Thing|Thing",
        ]
    );
}

/// A circle through a re-export and a child's `super::`, on a small source tree.
#[test]
fn a_circle_through_a_re_export_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let write = |file: &str, code: &str| {
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, code).unwrap();
    };
    write("lib.rs", "mod a; mod b; pub use a::Thing;");
    write("a.rs", "pub struct Thing; fn f() -> crate::b::inner::Other { todo!() }");
    write("b/mod.rs", "pub mod inner; mod tests { use super::*; }");
    write("b/inner.rs", "use super::super::Thing; pub struct Other;");
    let graph = graph(dir.path());
    let found: Vec<String> = cycles(&graph).iter().map(|c| describe(&graph, c)).collect();
    assert_eq!(found, ["a.rs → b/inner.rs (crate::b::inner::Other) → a.rs (super::super::Thing)"]);
}

/// One file as read.
struct Source {
    module: Vec<String>,
    written: Vec<Written>,
    /// The names its own `use`s bring in at its top level (`pub use router::build_router` in
    /// lib.rs), with the path each comes from.
    brought_in: BTreeMap<String, Vec<String>>,
}

fn graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    collect(src, &mut files);
    let known: BTreeSet<String> = files.iter().map(|f| relative(src, f)).collect();
    let mut sources = BTreeMap::new();
    for file in &files {
        let name = relative(src, file);
        // The binary's own crate root: it reaches the library as `centre_server`, not `crate`.
        if name == "main.rs" {
            continue;
        }
        let module = module_of(&name);
        let written = paths(&strip(&std::fs::read_to_string(file).unwrap()));
        let brought_in = written
            .iter()
            .filter(|w| w.scope.is_empty())
            .filter_map(|w| {
                // A `use` may also start at a child module (`use view::export`).
                let child = known_module(&known, &[module.as_slice(), &w.path[..1]].concat());
                let from = resolve(&module, &w.path).or_else(|| child.then(|| [module.as_slice(), &w.path].concat()));
                Some((w.imported_as.clone()?, from?))
            })
            .collect();
        sources.insert(name, Source { module, written, brought_in });
    }
    let mut graph = Graph::new();
    for (from, source) in &sources {
        let here = |w: &Written| -> Vec<String> { source.module.iter().chain(&w.scope).cloned().collect() };
        // What a `use` names (`use crate::routes;`), for the paths that go on from that name
        // (`routes::health::health`).
        let imported: BTreeMap<String, Vec<String>> =
            source.written.iter().filter_map(|w| Some((w.imported_as.clone()?, resolve(&here(w), &w.path)?))).collect();
        let edges = graph.entry(from.clone()).or_default();
        for w in &source.written {
            let target = resolve(&here(w), &w.path).or_else(|| {
                let (first, rest) = w.path.split_first()?;
                Some(imported.get(first)?.iter().chain(rest).cloned().collect())
            });
            let Some(target) = target else { continue };
            let to = defining_file(&sources, &known, target);
            if to != *from {
                edges.entry(to).or_insert_with(|| w.path.join("::"));
            }
        }
    }
    graph
}

/// The file that defines what `path` names: the file of its deepest module or, when that file
/// only brings the name in with a `use` (`crate::build_router`, re-exported by lib.rs), the file
/// the name comes from.
fn defining_file(sources: &BTreeMap<String, Source>, known: &BTreeSet<String>, mut path: Vec<String>) -> String {
    // A few steps at most: a name re-exported from a re-export.
    for _ in 0..8 {
        let (file, depth) = file_of(known, &path);
        match path.get(depth).and_then(|name| sources.get(&file)?.brought_in.get(name)) {
            Some(from) if from[..] != path[..=depth] => path = from.iter().chain(&path[depth + 1..]).cloned().collect(),
            _ => return file,
        }
    }
    file_of(known, &path).0
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn relative(src: &Path, file: &Path) -> String {
    file.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/")
}

/// `routes/courts.rs` and `routes/courts/mod.rs` → `[routes, courts]`; `lib.rs` → `[]`.
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file.trim_end_matches(".rs").split('/').map(str::to_owned).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The absolute module path a path names, from the module it is written in.
fn resolve(here: &[String], path: &[String]) -> Option<Vec<String>> {
    let (mut base, rest) = match path.first()?.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (here.to_vec(), &path[1..]),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            (here[..here.len().checked_sub(ups)?].to_vec(), &path[ups..])
        }
        _ => return None,
    };
    base.extend(rest.iter().filter(|s| *s != "self" && *s != "*").cloned());
    Some(base)
}

/// The file defining the deepest module of `path` (the rest are items in it), and how many
/// segments that module takes.
fn file_of(known: &BTreeSet<String>, path: &[String]) -> (String, usize) {
    for n in (1..=path.len()).rev() {
        let module = path[..n].join("/");
        for file in [format!("{module}.rs"), format!("{module}/mod.rs")] {
            if known.contains(&file) {
                return (file, n);
            }
        }
    }
    ("lib.rs".to_owned(), 0)
}

fn known_module(known: &BTreeSet<String>, module: &[String]) -> bool {
    file_of(known, module).1 == module.len() && !module.is_empty()
}

/// One shortest circle through each file that is in one, each circle once.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let mut found: BTreeSet<Vec<String>> = BTreeSet::new();
    for start in graph.keys() {
        let Some(cycle) = shortest_cycle(graph, start) else { continue };
        let first = cycle.iter().enumerate().min_by_key(|(_, f)| *f).map_or(0, |(i, _)| i);
        let mut rotated = cycle[first..].to_vec();
        rotated.extend_from_slice(&cycle[..first]);
        found.insert(rotated);
    }
    found.into_iter().collect()
}

/// Breadth first from `start` back to it: the files of the circle, `start` first.
fn shortest_cycle(graph: &Graph, start: &str) -> Option<Vec<String>> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(file) = queue.pop_front() {
        for next in graph.get(file).into_iter().flat_map(BTreeMap::keys) {
            if next == start {
                let mut cycle = vec![file.to_owned()];
                let mut at = file;
                while at != start {
                    at = came_from[at];
                    cycle.push(at.to_owned());
                }
                cycle.reverse();
                return Some(cycle);
            }
            if !came_from.contains_key(next.as_str()) {
                came_from.insert(next, file);
                queue.push_back(next);
            }
        }
    }
    None
}

/// `a.rs → b.rs (crate::b::X) → a.rs (super::Y)`.
fn describe(graph: &Graph, cycle: &[String]) -> String {
    let mut text = cycle[0].clone();
    for (i, from) in cycle.iter().enumerate() {
        let to = &cycle[(i + 1) % cycle.len()];
        text.push_str(&format!(" → {to} ({})", graph[from][to]));
    }
    text
}
