#!/usr/bin/env bash
# Writes a deterministic ETF portfolio of ROWS rows as PREFIX.csv and PREFIX.json (camelCase keys): names with
# commas (quoted), varied rates, purchase dates over ten years, analysis date 2025-05-26.
# Usage: Tooling/bench/data/portfolio.sh ROWS PREFIX
set -euo pipefail
awk -v rows="$1" 'BEGIN {
    srand(42)
    print "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price,analysis_date"
    for (i = 1; i <= rows; i++) {
        year = 2015 + int(rand() * 10); month = 1 + int(rand() * 12); day = 1 + int(rand() * 28)
        price = 20 + rand() * 480
        printf "\"Benchmark ETF %d, Series %c\",%.2f,%.2f,%d,%.2f,%04d-%02d-%02d,%.2f,2025-05-26\n",
            i, 65 + i % 26, rand() * 0.9, rand() * 4, 1 + int(rand() * 500), price, year, month, day,
            price * (0.6 + rand() * 1.2)
    }
}' > "$2.csv"
# The JSON input from the CSV (camelCase keys), without depending on folio.
python3 - "$2.csv" "$2.json" <<'PY'
import csv, json, sys
keys = {"name": "name", "expense_ratio": "expenseRatio", "yield": "yield", "shares": "shares",
        "purchase_price": "purchasePrice", "purchase_date": "purchaseDate", "current_price": "currentPrice",
        "analysis_date": "analysisDate"}
with open(sys.argv[1], newline="") as f:
    rows = [{keys[k]: (v if k in ("name", "purchase_date", "analysis_date") else float(v)) for k, v in row.items()}
            for row in csv.DictReader(f)]
json.dump(rows, open(sys.argv[2], "w"))
PY
