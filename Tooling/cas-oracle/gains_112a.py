#!/usr/bin/env python3
"""Prints casparser's Schedule 112A CSV (CapitalGainsReport.generate_112a_csv_data) for one financial year.

Usage: gains_112a.py STATEMENT.json OPTIONS.json

OPTIONS.json: {"fy": "2024-25", "navs": {"INF...": "23.4567"}} (navs as for gains.py: the NAV of 31-Jan-2018 by
ISIN, replacing casparser's lookup in the casparser-isin database). Requires casparser==1.4.1.
"""
import os
import sys
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gains import complete, load  # noqa: E402
from casparser.analysis import gains  # noqa: E402
from casparser.types import CASData  # noqa: E402


def main():
    statement, _ = complete(load(sys.argv[1]))
    options = load(sys.argv[2])
    navs = {isin: Decimal(str(nav)) for isin, nav in options.get("navs", {}).items()}
    gains.nav_search = lambda isin: navs.get(isin)
    report = gains.CapitalGainsReport(CASData(**statement))
    sys.stdout.write(report.generate_112a_csv_data("FY" + options["fy"]))


if __name__ == "__main__":
    main()
