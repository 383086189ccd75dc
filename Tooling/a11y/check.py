#!/usr/bin/env python3
"""Runs axe-core (axe-playwright-python) over every page of a running `folio serve` in headless Chromium (Debian's
/usr/bin/chromium through Playwright, never a downloaded browser), at 390 and 1280 px wide, in the light and the dark
colour scheme. Fails on any violation of impact serious or critical, on any chart label under WCAG contrast
(svg-contrast.js) or rendered under 11 px, on any page that scrolls sideways at 390 px, and on any page route the sources register that
PAGES does not reach.

Usage: check.py BASE_URL, with FOLIO_A11Y_SESSION the folio_session cookie of a logged-in stocks user
(Tooling/a11y/run sets up the server and the session). FOLIO_A11Y_CHROMIUM: the browser, default /usr/bin/chromium.
FOLIO_A11Y_ONLY: check only the pages whose path or form name contains this text, while fixing one."""
import collections
import os
import re
import sys
import time

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error as PlaywrightError, sync_playwright

WIDTHS = {390: 844, 1280: 900}
SCHEMES = ("light", "dark")
IMPACTS = ("serious", "critical")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "svg-contrast.js"), encoding="utf-8") as script:
    SVG_CONTRAST = script.read()

# The chart labels shown that render under 11 px: the font size times the scale the SVG is drawn at.
CHART_LABEL_SIZES = """() => [...document.querySelectorAll('svg text')]
    .filter(t => t.getClientRects().length > 0)
    .map(t => [parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM() ? t.getScreenCTM().a : 1),
               t.textContent.trim().slice(0, 40)])
    .filter(([size]) => size < 11)"""

# Every GET page the features register (Modules/Features/*/*Web and the host's dashboard), with the query strings
# that render a different page: (path, logged in to stocks, expected status). Written out rather than crawled so a
# page nothing links to is still checked, and a page that disappears fails here instead of silently dropping out.
PAGES = [
    ("/", False, 200),
    ("/", True, 200),
    ("/networth", False, 200),
    ("/networth?pension=exclude&mortgage=exclude", False, 200),
    ("/networth/accounts", False, 200),
    ("/networth/accounts?sort=-balance", False, 200),
    ("/networth/account?name=Everyday%20Current", False, 200),
    ("/networth/account?name=Everyday%20Current&sort=-balance&page=2", False, 200),
    ("/networth/rates", False, 200),
    ("/networth/rates?only=USD", False, 200),
    ("/networth/rates?only=DOLLARS", False, 422),
    ("/networth/report", False, 200),
    ("/networth/report?period=yearly", False, 200),
    ("/networth/report?details=on&from=2025-01&to=2025-06", False, 200),
    ("/networth/import", False, 200),
    ("/networth/settings", False, 200),
    ("/funds", False, 200),
    ("/funds?q=hdfc", False, 200),
    ("/funds?q=hdfc&plan=direct&category=equity", False, 200),
    ("/funds?q=fund&page=2", False, 200),
    ("/funds/122639", False, 200),
    ("/funds/122639?range=5Y", False, 200),
    ("/funds/122639?amount=5000&from=2020-01-01&day=5#sip", False, 200),
    ("/funds/122639?amount=abc&from=2020-01-01", False, 200),
    ("/funds/compare", False, 200),
    ("/funds/compare?codes=122639,120505", False, 200),
    ("/funds/compare?codes=122639,abc", False, 422),
    ("/funds/portfolio", False, 200),
    ("/funds/portfolio/transactions", False, 200),
    ("/funds/portfolio/transactions?sort=-date", False, 200),
    ("/stocks/login", False, 200),
    ("/stocks/signup", False, 200),
    ("/stocks", False, 200),  # logged out: redirected to the login page
    ("/stocks", True, 200),
    ("/stocks/history", True, 200),
    ("/stocks/history?sort=-amount", True, 200),
    ("/stocks/quotes", True, 200),
    ("/stocks/cash", True, 200),
    ("/stocks/analytics", True, 200),
    ("/stocks/watchlist", True, 200),
    ("/stocks/alerts", True, 200),
    ("/alerts", False, 200),
    ("/races", False, 200),
    ("/races?live=0", False, 200),
    ("/etf", False, 200),
    ("/etf?saved=core", False, 200),
    ("/etf/saved", False, 200),
    ("/etf/saved?sort=-invested", False, 200),
    ("/etf/new", False, 200),
    ("/etf/new?rows=4", False, 200),
    ("/funds/122639/history", False, 200),
    ("/funds/122639/history?on=2024-03-30&sort=-change&page=2", False, 200),
    ("/funds/122639/history?from=2024-02-01&to=2024-01-01", False, 422),
    ("/funds/122639/rolling", False, 200),
    ("/funds/122639/rolling?window=1Y", False, 200),
    ("/funds/cache", False, 200),
    ("/stocks?sort=-value", True, 200),
    ("/stocks/watchlist?sort=-percent", True, 200),
    ("/nowhere", False, 404),
    ("/funds/not-a-code", False, 404),
]


# GET routes that are not pages: JSON, assets, the races board's and the stocks prices' event streams.
# /etf/template, /networth/report.csv and /networth/chart.svg are file downloads, not pages.
NOT_PAGES = ("/api/", "/assets/", "/favicon.ico", "/races/events", "/stocks/events", "/alerts/events", "/etf/template",
             "/networth/report.csv", "/networth/chart.svg")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def unlisted_routes():
    """The GET page routes registered in the sources (`router.get("…"`) that no entry of PAGES reaches, so a page
    added later cannot go unchecked by being left off the list."""
    registered = set()
    for folder in ("Modules", "Apps"):
        for directory, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if name.endswith(".swift"):
                    with open(os.path.join(directory, name), encoding="utf-8") as source:
                        registered.update(re.findall(r'router\.get\("([^"]+)"', source.read()))

    def serves(route, path):
        pattern = "".join("[^/]+" if part.startswith(":") else re.escape(part) for part in re.split(r"(:[^/]+)", route))
        return re.fullmatch(pattern, path) is not None

    reached = set()
    for path, _, status in PAGES:
        path = re.split(r"[?#]", path)[0]
        if status < 400:
            # The router prefers a literal route (/funds/compare) to a parameter (/funds/:code).
            reached.add(path if path in registered else next((r for r in registered if serves(r, path)), None))
    return [route for route in sorted(registered) if not route.startswith(NOT_PAGES) and route not in reached]


def fill_and_submit(page, action, values):
    """Fills the form posting to `action` as a person would and submits it; the page the server answers with is
    what gets checked (a refusal beside its field, a flash message)."""
    form = page.locator(f'form[action="{action}"]').first
    for name, value in values.items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    with page.expect_navigation(wait_until="load"):
        form.locator('[type="submit"]').first.click()


# Pages only a form post renders: (name, start page, logged in, form action, values).
SUBMISSIONS = [
    ("networth update refused", "/networth", False, "/networth/update", {"amount": "twelve"}),
    ("networth update saved", "/networth", False, "/networth/update", {"amount": "1350.50"}),
    ("networth add account refused", "/networth", False, "/networth/accounts/add", {"name": "Premium Bonds", "balance": "lots"}),
    ("networth note refused", "/networth/account?name=Everyday%20Current", False, "/networth/accounts/note", {"note": "x" * 1001}),
    ("networth balance remove confirmation", "/networth/account?name=Everyday%20Current", False, "/networth/update/remove", {}),
    ("networth rate remove confirmation", "/networth/rates", False, "/networth/rates/remove", {}),
    ("networth report refused", "/networth/report", False, "/networth/report", {"from": "2025-06-01", "to": "2025-01-01"}),
    ("networth settings refused", "/networth/settings", False, "/networth/settings", {"baseCurrency": "XYZ"}),
    ("stocks login refused", "/stocks/login", False, "/stocks/login", {"email": "test@stockport.com", "password": "wrong"}),
    ("stocks signup refused", "/stocks/signup", False, "/stocks/signup",
     {"email": "new@example.com", "password": "short", "confirmation": "other"}),
    ("stocks trade refused", "/stocks", True, "/stocks/trade", {"symbol": "AAPL", "quantity": "1000000"}),
    ("stocks alert refused", "/stocks/alerts", True, "/stocks/alerts/add", {"symbol": "AAPL", "level": "-5"}),
    ("stocks deposit refused", "/stocks/cash", True, "/stocks/cash", {"amount": "-5"}),
    ("alert remove confirmation", "/alerts", False, "/alerts/remove", {}),
    ("alert add refused", "/alerts", False, "/alerts/add", {"code": "122639", "below": "-85"}),
    ("etf delete confirmation", "/etf/saved", False, "/etf/saved/delete", {}),
    ("stocks watchlist remove confirmation", "/stocks/watchlist", True, "/stocks/watchlist/remove", {}),
    ("funds cache clear confirmation", "/funds/cache", False, "/funds/cache/clear", {}),
    ("funds add refused", "/funds/portfolio/transactions", False, "/funds/portfolio/add",
     {"code": "122639", "amount": "5000.123", "date": "2024-01-10"}),
    ("funds sell refused", "/funds/portfolio/transactions", False, "/funds/portfolio/sell",
     {"code": "122639", "units": "999999", "date": "2024-06-03", "folio": "1234567"}),
    ("funds transaction remove confirmation", "/funds/portfolio/transactions", False, "/funds/portfolio/remove", {}),
    ("funds treat-as saved", "/funds/portfolio", False, "/funds/portfolio/treat-as", {}),
    ("etf new portfolio report", "/etf/new", False, "/etf/new",
     {"name_1": "VTI", "expense_ratio_1": "0.03", "yield_1": "1.3", "shares_1": "10", "purchase_price_1": "200",
      "purchase_date_1": "2023-01-02", "current_price_1": "250"}),
    ("etf report", "/etf", False, "/etf", {"saved": "core"}),
    ("etf paste refused", "/etf", False, "/etf", {"csv": "name,expense_ratio\nVTI,abc\n"}),
]


# Per page: its renderings and axe's findings by impact, for the report FOLIO_A11Y_REPORT asks for.
TALLY = collections.defaultdict(collections.Counter)


def write_report(path):
    """A Markdown table of every page and form answer: renderings, and axe's findings by impact (nodes)."""
    rows = ["| page | renderings | critical | serious | moderate | minor |", "|---|---:|---:|---:|---:|---:|"]
    for label, tally in TALLY.items():
        rows.append(f"| `{label}` | {tally['renderings']} | {tally['critical']} | {tally['serious']} | "
                    f"{tally['moderate']} | {tally['minor']} |")
    with open(path, "w") as report:
        report.write("\n".join(rows) + "\n")


def violations(page, axe, label, width, scheme):
    """The serious and critical axe violations on the page, its chart labels' contrast and its sideways scroll at
    phone width, as lines."""
    found = []
    TALLY[label]["renderings"] += 1
    for violation in axe.run(page).response["violations"]:
        TALLY[label][violation.get("impact") or "unknown"] += len(violation["nodes"])
        if violation.get("impact") not in IMPACTS:
            continue
        for node in violation["nodes"]:
            selector = " ".join(" >> ".join(part) if isinstance(part, list) else part for part in node["target"])
            summary = node.get("failureSummary", "").replace("\n", " ")
            found.append(f"{label} @{width}px {scheme}: {violation['id']} ({violation['impact']}) {selector} — {summary}")
    for line in page.evaluate(f"({SVG_CONTRAST})()"):
        found.append(f"{label} @{width}px {scheme}: svg-text-contrast (serious) {line}")
    for size, text in page.evaluate(CHART_LABEL_SIZES):
        found.append(f"{label} @{width}px {scheme}: chart-label-size (serious) \"{text}\" renders at {size:.1f} px, under 11 px")
    if width == 390:
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if scroll > inner:
            # The deepest elements that stick out or overflow, leaving out what scrolls inside its own box (a wide
            # table in its card) unless it is positioned out of that box, so the line names what to fix.
            wide = page.evaluate(
                """() => [...document.querySelectorAll('body *')]
                    .filter(e => !(e.parentElement && e.parentElement.closest('.table-wrap')
                            && !['absolute', 'fixed'].includes(getComputedStyle(e).position))
                        && !['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX)
                        && (e.getBoundingClientRect().right > window.innerWidth + 0.5 || e.scrollWidth > e.clientWidth + 1))
                    .slice(-3).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                        + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : ''))
                    .join(', ')""")
            found.append(f"{label} @{width}px {scheme}: scrolls sideways (scrollWidth {scroll} > {inner}) {wide}")
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check.py BASE_URL")
    base = sys.argv[1].rstrip("/")
    session = os.environ.get("FOLIO_A11Y_SESSION", "")
    chromium = os.environ.get("FOLIO_A11Y_CHROMIUM", "/usr/bin/chromium")
    if not session:
        sys.exit("a11y: FOLIO_A11Y_SESSION (a logged-in folio_session cookie) is needed for the stocks pages")
    if not os.access(chromium, os.X_OK):
        sys.exit(f"a11y: no browser at {chromium} (apt-get install chromium)")
    only = os.environ.get("FOLIO_A11Y_ONLY", "")
    pages = [page for page in PAGES if only in page[0]]
    submissions = [submission for submission in SUBMISSIONS if only in submission[0] or only in submission[3]]
    axe = Axe()
    failures = [f"GET {route}: a page route that PAGES in {__file__} does not list" for route in unlisted_routes()]
    checked = 0
    started = time.monotonic()
    with sync_playwright() as playwright:
        # --no-sandbox: CI runs as root, where Chromium refuses its sandbox.
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        for scheme in SCHEMES:
            for width, height in WIDTHS.items():
                contexts = {}
                for logged_in in (False, True):
                    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
                    if logged_in:
                        context.add_cookies([{"name": "folio_session", "value": session, "url": base,
                                              "httpOnly": True, "sameSite": "Strict"}])
                    context.set_default_timeout(15_000)
                    contexts[logged_in] = context.new_page()
                for path, logged_in, status in pages:
                    page = contexts[logged_in]
                    label = path + (" (logged in)" if logged_in else "")
                    try:
                        # "load", not "networkidle": the races board keeps its event stream open.
                        response = page.goto(base + path, wait_until="load")
                    except PlaywrightError as error:
                        failures.append(f"{label} @{width}px {scheme}: did not load: {error.message.splitlines()[0]}")
                        continue
                    if response is None or response.status != status:
                        failures.append(f"{label} @{width}px {scheme}: status {response and response.status}, expected {status}")
                    failures += violations(page, axe, label, width, scheme)
                    checked += 1
                for name, start, logged_in, action, values in submissions:
                    page = contexts[logged_in]
                    try:
                        page.goto(base + start, wait_until="load")
                        fill_and_submit(page, action, values)
                    except PlaywrightError as error:
                        failures.append(f"{name} @{width}px {scheme}: could not submit {action}: {error.message.splitlines()[0]}")
                        continue
                    failures += violations(page, axe, f"{name} (POST {action})", width, scheme)
                    checked += 1
                for page in contexts.values():
                    page.context.close()
        browser.close()
    elapsed = time.monotonic() - started
    if os.environ.get("FOLIO_A11Y_REPORT"):
        write_report(os.environ["FOLIO_A11Y_REPORT"])
    print(f"a11y: {checked} page renderings ({len(pages)} pages and {len(submissions)} form answers × widths "
          f"{'/'.join(map(str, WIDTHS))} × {'/'.join(SCHEMES)}) in {elapsed:.0f} s")
    if failures:
        print(f"a11y: {len(failures)} failures (page @width scheme: rule (impact) selector — what to fix):")
        for line in failures:
            print("  " + line)
        sys.exit(1)
    print("a11y: no serious or critical violations, chart labels readable (contrast, 11 px or more), nothing scrolls sideways at 390 px")


if __name__ == "__main__":
    main()
