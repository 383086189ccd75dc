#!/usr/bin/env python3
"""Runs casparser's CapitalGainsReport on a casparser JSON statement and prints its gains rows as JSON.

Usage: gains.py STATEMENT.json [NAVS.json]

NAVS.json maps an ISIN to the NAV of 31-Jan-2018 ({"INF...": "23.4567"}). casparser looks that NAV up in the
casparser-isin package's bundled database (analysis.utils.nav_search); here the lookup is replaced by the map so
folio and casparser grandfather with the same NAV (an ISIN not in the map has none: casparser then takes the
purchase value as the fair market value).

Decimals are read from the JSON text exactly (never through float) and printed as strings. Schemes that open
with units are left out of the report (casparser refuses the whole statement for them) and listed in "errors".
Requires casparser==1.4.1 (pip install casparser==1.4.1).
"""
import json
import sys
from decimal import Decimal

import casparser
from casparser.analysis import gains
from casparser.types import CASData


def load(path):
    with open(path) as handle:
        return json.load(handle, parse_float=Decimal)


def complete(statement):
    """Fills what casparser's model requires and a converted statement may lack."""
    statement.setdefault("statement_period", {"from": "01-Jan-1990", "to": "31-Dec-2099"})
    statement.setdefault("investor_info", {"name": "", "email": "", "address": "", "mobile": ""})
    statement.setdefault("file_type", "CAMS")
    statement.setdefault("cas_type", "DETAILED")
    errors = []
    for folio in statement["folios"]:
        folio.setdefault("amc", "")
        kept = []
        for scheme in folio["schemes"]:
            if scheme.get("amfi") is not None:
                scheme["amfi"] = str(scheme["amfi"])
            scheme.setdefault("rta_code", "")
            scheme.setdefault("rta", "")
            scheme.setdefault("open", "0")
            scheme.setdefault("close", "0")
            scheme.setdefault("close_calculated", scheme["close"])
            scheme.setdefault("valuation", {"date": "2000-01-01", "nav": "0", "value": "0"})
            if Decimal(str(scheme["open"])) >= Decimal("0.01"):
                errors.append({"folio": folio["folio"], "scheme": scheme["scheme"], "error": "opening balance"})
                continue
            kept.append(scheme)
        folio["schemes"] = kept
    return statement, errors


def text(value):
    return None if value is None else str(value)


def main():
    statement, errors = complete(load(sys.argv[1]))
    navs = {isin: Decimal(str(nav)) for isin, nav in (load(sys.argv[2]) if len(sys.argv) > 2 else {}).items()}
    gains.nav_search = lambda isin: navs.get(isin)
    report = gains.CapitalGainsReport(CASData(**statement))
    rows = []
    for gain in report.gains:
        rows.append(
            {
                "financialYear": gain.fy[2:],
                "scheme": gain.fund.scheme,
                "folio": gain.fund.folio,
                "isin": gain.fund.isin,
                "type": gain.type,
                "term": "long" if gain.gain_type.name == "LTCG" else "short",
                "units": text(gain.units),
                "purchaseDate": gain.purchase_date.isoformat(),
                "purchaseNAV": text(gain.purchase_nav),
                "purchaseValue": text(gain.purchase_value),
                "stampDuty": text(gain.stamp_duty),
                "acquisitionValue": text(gain.coa),
                "saleDate": gain.sale_date.isoformat(),
                "saleNAV": text(gain.sale_nav),
                "saleValue": text(gain.sale_value),
                "stt": text(gain.stt),
                "longTermGain": text(gain.ltcg),
                "longTermTaxableGain": text(gain.ltcg_taxable),
                "shortTermGain": text(gain.stcg),
            }
        )
    errors += [{"scheme": name, "error": message} for name, message in report.errors]
    json.dump({"casparser": casparser.__version__, "rows": rows, "errors": errors}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
