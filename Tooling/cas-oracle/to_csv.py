#!/usr/bin/env python3
"""Writes casparser's own CSV export (casparser.parsers.utils.cas2csv, what `casparser FILE.pdf -o FILE.csv`
writes) of a casparser JSON statement, so folio's CSV import can be checked against the real format.

Usage: to_csv.py STATEMENT.json > STATEMENT.csv      (requires casparser==1.4.1)
"""
import json
import sys
from decimal import Decimal

from casparser.parsers.utils import cas2csv
from casparser.types import CASData

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from gains import complete  # noqa: E402  (the same filling-in of what casparser's model requires)

with open(sys.argv[1]) as handle:
    statement, _ = complete(json.load(handle, parse_float=Decimal))
sys.stdout.write(cas2csv(CASData(**statement)))
