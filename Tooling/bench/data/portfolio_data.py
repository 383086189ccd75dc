#!/usr/bin/env python3
"""Data for Tooling/bench/funds-portfolio.sh: a casparser JSON statement of SCHEMES schemes with TRANSACTIONS
transactions in all (monthly SIPs with stamp duty, a redemption now and then, every running balance right), the
schemes taken from AMFI's real NAVAll.txt so that file prices them all.

    Tooling/bench/data/portfolio_data.py NAVALL OUT.json SCHEMES TRANSACTIONS
"""
import json, sys
from datetime import date
from decimal import Decimal, ROUND_HALF_EVEN

navall, out, schemes, transactions = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rows = [line.split(";") for line in open(navall, encoding="utf-8").read().splitlines() if line.count(";") == 5]
chosen = [r for r in rows[1:] if r[0].strip().isdigit() and r[4].strip().replace(".", "", 1).isdigit()][:schemes]
per_scheme = max(1, transactions // schemes)
folios = []
for index, row in enumerate(chosen):
    code, isin, name = int(row[0]), row[1].strip(), row[3].strip()
    nav = Decimal(row[4].strip())
    units_held = Decimal(0)
    txns = []
    year, month = 2015, 1
    while len(txns) < per_scheme:
        day = date(year, month, 5).isoformat()
        price = (nav * Decimal(60 + (len(txns) % 40)) / Decimal(100)).quantize(Decimal("0.0001"))
        if len(txns) % 12 == 11 and units_held > 10:
            units = (units_held / 4).quantize(Decimal("0.001"), rounding=ROUND_HALF_EVEN)
            units_held -= units
            amount = (units * price).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)
            txns.append({"date": day, "description": "Redemption", "amount": str(-amount), "units": str(-units),
                         "nav": str(price), "balance": str(units_held), "type": "REDEMPTION"})
        else:
            amount = Decimal(5000)
            units = (amount / price).quantize(Decimal("0.001"), rounding=ROUND_HALF_EVEN)
            units_held += units
            txns.append({"date": day, "description": "SIP Purchase", "amount": str(amount), "units": str(units),
                         "nav": str(price), "balance": str(units_held), "type": "PURCHASE_SIP"})
        month += 1
        if month == 13:
            year, month = year + 1, 1
    folios.append({"folio": f"{1000 + index} / 0", "amc": "AMC", "schemes": [{
        "scheme": name, "isin": isin if len(isin) == 12 else None, "amfi": str(code), "type": "EQUITY",
        "open": "0", "close": str(units_held), "transactions": txns}]})
json.dump({"cas_type": "DETAILED", "file_type": "CAMS", "folios": folios}, open(out, "w"))
print(sum(len(f["schemes"][0]["transactions"]) for f in folios))
