#!/usr/bin/env python3
"""Runs axe-core (axe-playwright-python) over every page of a running `folio serve` in headless Chromium (Debian's
/usr/bin/chromium through Playwright, never a downloaded browser), at 390 and 1280 px wide, in the light and the dark
colour scheme. Fails on any violation of impact serious or critical, on any chart label under WCAG contrast
(svg-contrast.js) or rendered under 11 px, on any page that scrolls sideways at 390 px, and on any page route the sources register that
no listed page reaches (the host's here, each feature's in its folder's pages.json).

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

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import feature_pages  # noqa: E402  (Tooling/feature_pages.py)

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

# The host's own pages; each feature lists its pages in its folder (Tooling/feature_pages.py): (path, logged in to
# stocks, expected status). Written out rather than crawled so a page nothing links to is still checked, and a page
# that disappears fails here instead of silently dropping out.
FEATURES = feature_pages.load()
PAGES = [
    ("/", False, 200),
    ("/", True, 200),
    ("/?range=Max", False, 200),
    ("/?range=1M", False, 200),
    ("/alerts", False, 200),
    ("/nowhere", False, 404),
] + FEATURES["pages"]


# GET routes that are not pages: JSON, assets, the alerts' event stream, the health and metrics probes, and what each
# feature lists as not pages.
NOT_PAGES = ("/api/", "/assets/", "/favicon.ico", "/alerts/events", "/healthz", "/metrics", *FEATURES["notPages"])
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


# Pages only a form post renders: (name, start page, logged in, form action, values); the host's, then each feature's.
SUBMISSIONS = [
    ("alert remove confirmation", "/alerts", False, "/alerts/remove", {}),
    ("alert add refused", "/alerts", False, "/alerts/add", {"code": "122639", "below": "-85"}),
] + FEATURES["submissions"]


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
    failures = [f"GET {route}: a page route no pages.json (or the host's list in {__file__}) lists"
                for route in unlisted_routes()]
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
