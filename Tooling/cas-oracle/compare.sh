#!/usr/bin/env bash
# Shows folio's capital gains next to casparser 1.4.1's for one casparser JSON statement, lot by lot, marking
# every column that differs. The statement is imported into a throwaway FOLIO_HOME (with --allow-mismatch, so a
# statement that does not reconcile is still compared; the refusal is printed first).
#
# Usage: Tooling/cas-oracle/compare.sh STATEMENT.json [NAVS.json]
#        (FOLIO_BIN defaults to .build/debug/folio; NAVS.json maps ISIN → NAV of 31-Jan-2018 for casparser, the
#        same NAV folio reads from the MF API's history)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$ROOT/.build/debug/folio}"
STATEMENT="$1"
NAVS="${2:-}"
HOME_DIR="$(mktemp -d)"
trap 'rm -rf "$HOME_DIR"' EXIT
export FOLIO_HOME="$HOME_DIR" NO_COLOR=1

"$FOLIO_BIN" funds portfolio import "$STATEMENT" >/dev/null 2>"$HOME_DIR/refusal" || {
    echo "folio refused the statement:"; sed 's/^/  /' "$HOME_DIR/refusal"
    "$FOLIO_BIN" funds portfolio import "$STATEMENT" --allow-mismatch >/dev/null 2>&1
}
"$FOLIO_BIN" funds portfolio gains --format json > "$HOME_DIR/folio.json" 2>/dev/null
if [[ -n "$NAVS" ]]; then
    python3 "$ROOT/Tooling/cas-oracle/gains.py" "$STATEMENT" "$NAVS" > "$HOME_DIR/casparser.json"
else
    python3 "$ROOT/Tooling/cas-oracle/gains.py" "$STATEMENT" > "$HOME_DIR/casparser.json"
fi
python3 - "$HOME_DIR/folio.json" "$HOME_DIR/casparser.json" <<'PY'
import json, sys
from decimal import Decimal
folio = json.load(open(sys.argv[1]), parse_float=Decimal)
casparser = json.load(open(sys.argv[2]), parse_float=Decimal)
key = lambda r: (r["financialYear"], r["folio"], r["scheme"], r["saleDate"], r["purchaseDate"], Decimal(str(r["units"])))
columns = ["units", "purchaseValue", "stampDuty", "acquisitionValue", "saleValue", "stt", "longTermGain",
           "longTermTaxableGain", "shortTermGain"]
ours, theirs = sorted(folio, key=key), sorted(casparser["rows"], key=key)
print(f"casparser {casparser['casparser']}: {len(theirs)} lots; folio: {len(ours)} lots")
equal = 0
for mine, other in zip(ours, theirs):
    cells, same = [], mine["term"] == other["term"]
    for column in columns:
        a = Decimal(str(mine[column])); b = Decimal(str(other[column])).quantize(Decimal("0.01")) if column == "acquisitionValue" else Decimal(str(other[column]))
        mark = "" if a == b else f" (casparser {b})"
        same = same and not mark
        cells.append(f"{column} {a}{mark}")
    equal += same
    print(f"{mine['financialYear']} {mine['scheme'][:40]} {mine['purchaseDate']}→{mine['saleDate']} {mine['term']}"
          + ("" if mine["term"] == other["term"] else f" (casparser {other['term']})"))
    print("    " + "; ".join(cells))
print(f"{equal} of {len(ours)} lots equal in every column to the paisa")
PY
