#!/usr/bin/env bash
# The console's xlsx exports as LibreOffice reads them. The server tests that check the exports
# write each workbook to $XLSX_OUT_DIR; LibreOffice converts them to CSV (the values, then the
# values as shown) and to PDF. Checks: dates are date values shown dd/mm/yyyy hh:mm on Toronto's
# clock, amounts are numbers shown with two decimals and " $", and every sheet prints on one
# landscape page (one page wide: nothing cut by column).
# Needs soffice (scripts/setup.sh test installs Debian's libreoffice-calc-nogui) and pdfinfo;
# without them it fails rather than pass unseen.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v soffice >/dev/null 2>&1 || ! command -v pdfinfo >/dev/null 2>&1; then
  echo "no soffice or pdfinfo: scripts/setup.sh test installs them (make test runs it first)"
  exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/xlsx"
XLSX_OUT_DIR="$out/xlsx" cargo test -q -p centre-server --test server -- \
  xlsx_export_has_the_sheet export_them payments_workbook_has rl24_workbook_has

# LibreOffice's profile goes to the temporary folder, never the user's home.
export HOME="$out/home"
csv() { # csv FOLDER AS_SHOWN: every sheet of every workbook, one CSV per sheet, UTF-8
  soffice --headless --convert-to "csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,true,$2,false,false,-1" \
    --outdir "$out/$1" "$out"/xlsx/*.xlsx >/dev/null
}
csv values false
csv shown true
soffice --headless --convert-to pdf --outdir "$out/pdf" "$out"/xlsx/*.xlsx >/dev/null

python3 - "$out" <<'EOF'
import csv, pathlib, re, subprocess, sys

out = pathlib.Path(sys.argv[1])
failures = []

def rows(folder, name):
    with open(out / folder / name, encoding="utf-8") as f:
        return list(csv.reader(f))[1:]

def check(ok, what):
    print(("ok: " if ok else "FAILED: ") + what)
    if not ok:
        failures.append(what)

# A date value comes out of LibreOffice re-written with its seconds; text would stay as written.
value = re.compile(r"^(\d\d/\d\d/\d{4}|\d{4}-\d\d-\d\d) \d\d:\d\d:\d\d$")
number = re.compile(r"^-?\d+(\.\d+)?$")
money = re.compile(r"^\d{1,3}([ \u00a0\u202f,]?\d{3})*[.,]\d\d \$$")

# (file, sheet, date column, hand-written dates as shown, amount columns)
sheets = [
    ("inscriptions", "Inscriptions", 7, {"10/06/2026 09:00", "01/12/2026 10:00"}, []),
    ("camp_de_jour", "Camp de jour", 20, {"10/06/2026 09:00", "01/12/2026 10:00"}, []),
    ("paiements", "Impayés", 5, {"01/12/2026 10:00"}, [4]),
    ("paiements", "Totaux", None, set(), [2, 3, 4]),
    ("rl24_2026", "RL-24", None, set(), [11]),
]
for book, sheet, date_col, dates, amount_cols in sheets:
    name = f"{book}-{sheet}.csv"
    values, shown = rows("values", name), rows("shown", name)
    check(len(values) > 0, f"{name} has rows")
    if date_col is not None:
        check(all(value.match(r[date_col]) for r in values), f"{name}: dates are date values {[r[date_col] for r in values]}")
        seen = {r[date_col] for r in shown}
        check(dates <= seen, f"{name}: dates shown as {sorted(dates)} in {sorted(seen)}")
    for col in amount_cols:
        check(all(number.match(r[col]) for r in values), f"{name}: column {col + 1} holds numbers {[r[col] for r in values]}")
        check(all(money.match(r[col]) for r in shown), f"{name}: column {col + 1} shown as dollars {[r[col] for r in shown]}")

# One landscape page per sheet (the payments book: unpaid, totals, live waiting-list offers):
# the fit to one page wide holds.
for book, pages in [("inscriptions", 1), ("camp_de_jour", 1), ("paiements", 3), ("rl24_2026", 1)]:
    info = subprocess.run(["pdfinfo", str(out / "pdf" / f"{book}.pdf")], capture_output=True, text=True, check=True).stdout
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    width, height = map(float, re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.M).groups())
    check(count == pages and width > height, f"{book}.pdf: {count} landscape page(s), expected {pages} ({width} x {height})")

sys.exit(1 if failures else 0)
EOF
