#!/usr/bin/env python3
"""The documents a newcomer reads stay short and true (make test runs this).

- ARCHITECTURE.md holds at most 150 lines, and every path or symbol it names in backticks
  exists: a path (`server/src/db/devices.rs`, `routes/`, `pwa/src/sync/SyncLine.tsx`) is a file or
  folder of the repository, found from its root or from a crate's or the PWA's source folder; a
  symbol (`AppState::now`, `keepOfflineNow`) is a word of the source; a flag (`--today`) is one
  of the server's; an API path (`/api/health`) one of the contract's; a page (`/animation`) one
  of the PWA's routes (App.tsx).
- README.md's "What it is" holds at most 8 lines.
- No document, comment, script or test name points outside the repository: not to `../shared/`,
  nor to the product spec, which is not in it, however it is named ("product-spec", "the spec",
  "spec's", "beyond the spec", "(spec: ...)", "spec section 3", `beyond_spec`,
  `every_call_of_spec_section_7`): a comment says the rule itself. Words that only contain the
  letters ("specific", "the specification") and "the OpenAPI spec" (`api/openapi.json`) pass.
  Not read: `migrations/`, since refinery checksums every applied migration and refuses to start
  on one edited afterwards (so an old comment there stays), and this script, which names the forms.

Planted once each: a 151st line in ARCHITECTURE.md, a backticked `server/src/nowhere.rs`, and a
comment naming "spec section 3" each made this fail. Once the forms above were added, a comment
"(beyond the spec)" and a test named `lists_the_spec_calls` were each reported, while "a specific
case, the specification, the OpenAPI spec" beside them and "the spec" planted in `migrations/`
were not.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_ROOTS = [ROOT, ROOT / "server", ROOT / "server/src", ROOT / "core/src", ROOT / "core-wasm/src", ROOT / "pwa", ROOT / "pwa/src"]
MAX_ARCHITECTURE_LINES = 150
MAX_WHAT_IT_IS_LINES = 8


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / line for line in out.splitlines()]


def source_words(files):
    words = set()
    for path in files:
        if path.suffix in {".rs", ".ts", ".tsx", ".mjs", ".js", ".sql", ".py", ".sh", ".json", ".toml"} and path.is_file():
            words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", path.read_text(encoding="utf-8", errors="ignore")))
    return words


def path_exists(token):
    token = token.rstrip("/")
    return any((base / token).exists() for base in SOURCE_ROOTS)


def api_paths():
    contract = json.loads((ROOT / "api/openapi.json").read_text(encoding="utf-8"))
    return set(contract["paths"])


def check_architecture(problems, words, flags, paths, pages):
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    if len(lines) > MAX_ARCHITECTURE_LINES:
        problems.append(f"ARCHITECTURE.md has {len(lines)} lines (at most {MAX_ARCHITECTURE_LINES})")
    for number, line in enumerate(lines, 1):
        for token in re.findall(r"`([^`]+)`", line):
            if " " in token:
                continue
            if token.startswith("--"):
                ok = token.split("=")[0] in flags
            elif token.startswith("/api/"):
                ok = token in paths or any(re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", p), token) for p in paths)
            elif token.startswith("/"):
                page = re.sub(r"\{[^}]+\}", ":x", token.split("?")[0].strip("/"))
                ok = page == "" or any(re.fullmatch(re.sub(r":[A-Za-z]+", "[^/]+", route), page) for route in pages)
            elif "/" in token or re.search(r"\.(rs|ts|tsx|mjs|md|sql|toml|json|sh|py|yml)$", token):
                ok = path_exists(token)
            elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*(\(\))?", token):
                ok = all(part in words for part in token.rstrip("()").split("::"))
            else:
                continue
            if not ok:
                problems.append(f"ARCHITECTURE.md:{number}: `{token}` names nothing in the repository")


def check_readme(problems):
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    try:
        start = lines.index("## What it is") + 1
    except ValueError:
        problems.append("README.md has no '## What it is' section")
        return
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    body = [line for line in lines[start:end] if line.strip()]
    if len(body) > MAX_WHAT_IT_IS_LINES:
        problems.append(f"README.md's 'What it is' has {len(body)} lines (at most {MAX_WHAT_IT_IS_LINES})")


# The product spec, however a line points to it. "spec" counts as a word when no letter touches it,
# so `beyond_spec` and `of_the_spec_answers` (test names) count and "specific" does not.
OUTSIDE = re.compile(
    r"\.\./shared/"
    r"|product-spec"
    r"|(?<![a-z])the[ _]spec(?![a-z])"  # the spec, the spec's, beyond the spec, section 3 of the spec
    r"|(?<![a-z])spec's"  # Spec's table
    r"|\(spec(?![a-z])"  # (spec: one-hour bookings), (spec sections 2 and 9)
    r"|(?<![a-z])spec[ _]sections?(?![a-z])"  # spec section 3, spec_section_7
    r"|(?<=_)spec(?![a-z])",  # beyond_spec, with_spec_hours
    re.IGNORECASE,
)


def check_outside(problems, files):
    for path in files:
        if path.suffix not in {".rs", ".ts", ".tsx", ".mjs", ".js", ".md", ".sh", ".py", ".sql", ".yml", ".toml"}:
            continue
        if path.name == "check-docs.py" or path.relative_to(ROOT).parts[0] == "migrations" or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="ignore").splitlines(), 1):
            if OUTSIDE.search(line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: points outside the repository: {line.strip()[:100]}")


def main():
    files = tracked_files()
    words = source_words(files)
    settings = (ROOT / "server/src/settings.rs").read_text(encoding="utf-8")
    flags = {f"--{name.replace('_', '-')}" for name in re.findall(r"pub ([a-z_]+):", settings)}
    problems = []
    pages = re.findall(r'<Route path="([^"*]+)"', (ROOT / "pwa/src/App.tsx").read_text(encoding="utf-8"))
    check_architecture(problems, words, flags, api_paths(), pages)
    check_readme(problems)
    check_outside(problems, files)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in the documents")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
