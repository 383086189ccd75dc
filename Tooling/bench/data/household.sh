#!/usr/bin/env bash
# Fills FOLIO_HOME, through the real CLI, with 100 accounts of ten years of monthly balance updates each (12,000
# updates; 10 accounts in USD with monthly rates), for the net-worth benchmarks.
# Usage: FOLIO_HOME=DIR Tooling/bench/data/household.sh FOLIO_BIN
set -euo pipefail
FOLIO_BIN=$1
CSV="$FOLIO_HOME/balances.csv"
# Today minus 119 months … today, so no date is in the future.
python3 - "$CSV" <<'PY'
import csv, datetime, random, sys
random.seed(7)
today = datetime.date.today()
def months_back(n):
    y, m = today.year, today.month - n
    while m <= 0:
        m += 12; y -= 1
    return datetime.date(y, m, min(today.day, 28))
types = ["current", "savings", "isa", "investment", "pension", "crypto", "cash", "credit-card", "loan", "mortgage"]
with open(sys.argv[1], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["account", "date", "amount", "type", "currency"])
    for a in range(100):
        kind = types[a % len(types)]
        currency = "USD" if a % 10 == 3 else "GBP"
        value = random.uniform(500, 90000)
        for k in range(119, -1, -1):
            value = max(0.0, value * (1 + random.uniform(-0.03, 0.035)))
            w.writerow([f"Account {a:03d}", months_back(k).isoformat(), f"{value:.2f}", kind, currency])
PY
"$FOLIO_BIN" networth import "$CSV" >/dev/null
python3 - "$FOLIO_HOME/rates.txt" <<'PY'
import datetime, sys
today = datetime.date.today()
with open(sys.argv[1], "w") as f:
    for n in range(119, -1, -1):
        y, m = today.year, today.month - n
        while m <= 0:
            m += 12; y -= 1
        f.write(f"{datetime.date(y, m, 1).isoformat()} {0.75 + (n % 12) * 0.005:.4f}\n")
PY
# The first rate must be in force on the first update (day ≤ 28 of that month), so rates start on the 1st.
while read -r date rate; do "$FOLIO_BIN" networth rate set USD "$rate" --date "$date" >/dev/null; done <"$FOLIO_HOME/rates.txt"

