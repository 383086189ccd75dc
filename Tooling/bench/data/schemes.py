#!/usr/bin/env python3
"""Writes a full-size MF API scheme list built from the real name patterns: WORK/list.json (COUNT schemes, the
recorded first 50 among them, Parag Parikh Flexi Cap 122639 included) and WORK/codes.txt (20 codes for compare).

    Tooling/bench/data/schemes.py FIXTURES_DIR WORK_DIR COUNT
"""
import json, random, sys
fixtures, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(4)
real = json.load(open(f"{fixtures}/list_sample_first50.json"))
houses = ["Aditya Birla Sun Life", "Axis", "Bandhan", "Bank of India", "Baroda BNP Paribas", "Canara Robeco", "DSP",
          "Edelweiss", "Franklin India", "HDFC", "HSBC", "ICICI Prudential", "IDBI", "IDFC", "Invesco India", "ITI",
          "JM Financial", "Kotak", "LIC MF", "Mahindra Manulife", "Mirae Asset", "Motilal Oswal", "Navi", "Nippon India",
          "NJ", "Parag Parikh", "PGIM India", "quant", "Quantum", "Samco", "SBI", "Shriram", "Sundaram", "Tata",
          "Taurus", "Union", "UTI", "WhiteOak Capital", "Zerodha", "Grindlays", "Birla Sun Life", "BARODA PIONEER"]
schemes = ["Flexi Cap Fund", "Large Cap Fund", "Mid Cap Fund", "Small Cap Fund", "Large & Mid Cap Fund",
           "Multi Cap Fund", "ELSS Tax Saver Fund", "Focused Fund", "Value Fund", "Contra Fund", "Dividend Yield Fund",
           "Infrastructure Fund", "Banking & Financial Services Fund", "Pharma and Healthcare Fund",
           "Technology Fund", "Consumption Fund", "MNC Fund", "India Opportunities Fund", "Liquid Fund",
           "Overnight Fund", "Money Market Fund", "Ultra Short Duration Fund", "Low Duration Fund",
           "Short Term Fund", "Medium Term Fund", "Medium to Long Term Fund", "Gilt Fund",
           "Constant Maturity 10 Year Gilt Fund", "Corporate Bond Fund", "Banking and PSU Debt Fund",
           "Credit Risk Fund", "Dynamic Bond Fund", "Floater Fund", "Aggressive Hybrid Fund",
           "Balanced Advantage Fund", "Equity Savings Fund", "Arbitrage Fund", "Multi Asset Allocation Fund",
           "Conservative Hybrid Fund", "Retirement Fund", "Children's Gift Fund", "Nifty 50 Index Fund",
           "Nifty Next 50 Index Fund", "Nifty Midcap 150 Index Fund", "Sensex Index Fund", "Gold ETF",
           "Nasdaq 100 Fund of Fund", "Income Fund", "Cash Plus", "Super Saver Income Fund"]
variants = ["Direct Plan - Growth", "Direct Plan - IDCW", "Regular Plan - Growth", "Regular Plan - IDCW",
            "Regular Plan - Monthly IDCW", "Direct Plan - Quarterly IDCW", "Growth", "Dividend", "Growth Option",
            "Direct Plan - Growth Option", "Regular Plan - Payout of IDCW", "Institutional - weekly  IDCW",
            "Retail (Growth)", "Half Yearly Dividend", "Quaterly Dividend", "Direct Plan - Daily IDCW"]
def isin():
    return "INF" + "".join(random.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(9))
entries = list(real)
code = 100100
while len(entries) < count:
    code += random.choice([1, 1, 1, 2, 3, 8])
    if code == 122639:  # the real scheme is added below
        continue
    house, scheme, variant = random.choice(houses), random.choice(schemes), random.choice(variants)
    series = f" Series {random.randint(1, 30)}" if random.random() < 0.08 else ""
    name = f"{house} {scheme}{series} - {variant}"
    if random.random() < 0.05:
        name = name.upper()
    growth = isin() if random.random() < 0.8 else None
    reinvest = isin() if "IDCW" in variant and random.random() < 0.7 else None
    entries.append({"schemeCode": code, "schemeName": name, "isinGrowth": growth, "isinDivReinvestment": reinvest})
entries.append({"schemeCode": 122639, "schemeName": "Parag Parikh Flexi Cap Fund - Direct Plan - Growth",
                "isinGrowth": "INF879O01027", "isinDivReinvestment": None})
entries.sort(key=lambda e: e["schemeCode"])
with open(f"{work}/list.json", "w") as f:
    json.dump(entries, f, separators=(", ", ": "))
with open(f"{work}/codes.txt", "w") as f:
    f.write("\n".join(str(e["schemeCode"]) for e in entries[1000:1020]))
