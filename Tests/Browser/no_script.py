#!/usr/bin/env python3
"""Folio's pages with JavaScript turned off, at a phone's width (390 px), in headless Chromium (Debian's
/usr/bin/chromium through Playwright, never a downloaded browser): a refused form comes back with an error summary
at the top of the page (role="alert", each message linking to the field it blames), and a long table reads as
cards, each value named by its column.

Usage: no_script.py BASE_URL. Prints one JSON object with a finding per page. FOLIO_CHROMIUM: the browser, default
/usr/bin/chromium."""
import json
import os
import sys

from playwright.sync_api import sync_playwright

HEIGHT = 800


def summary(page):
    """The error summary as a person without JavaScript meets it."""
    box = page.locator(".error-summary")
    if not box.count():
        return None
    links = box.locator("a")
    targets = []
    for index in range(links.count()):
        href = links.nth(index).get_attribute("href") or ""
        target = page.locator(href) if href.startswith("#") and len(href) > 1 else None
        targets.append({
            "href": href,
            "text": links.nth(index).text_content(),
            "found": bool(target is not None and target.count() == 1),
            "invalid": target.get_attribute("aria-invalid") if target is not None and target.count() == 1 else None,
        })
    top = box.bounding_box()
    return {
        "role": box.get_attribute("role"),
        # Without script nothing scrolls: the summary must be on the first screen.
        "onFirstScreen": bool(top and top["y"] + top["height"] <= HEIGHT),
        "links": targets,
    }


def main(base):
    result = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("FOLIO_CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            context = browser.new_context(
                base_url=base, java_script_enabled=False, viewport={"width": 390, "height": HEIGHT})
            page = context.new_page()
            # The alerts page's race form: a window that is none.
            page.goto("/alerts")
            form = page.locator("#add-race form")
            form.locator("input[name=within]").fill("soon")
            form.locator("button[type=submit]").click()
            page.wait_for_load_state()
            result["alerts"] = summary(page)
            # A feature's form: the new ETF portfolio with a row missing its figures.
            page.goto("/etf/new")
            page.locator("input[name=name_1]").fill("Lonely ETF")
            page.locator("form.form button[type=submit]:not([name])").click()
            page.wait_for_load_state()
            result["etf"] = summary(page)
            # A long table on a phone: rows are cards, each value named by its column, nothing sideways.
            page.goto("/networth/accounts")
            row = page.locator(".table-wrap tbody tr").first
            cell = row.locator("td").nth(1)
            result["cards"] = {
                "display": row.evaluate("e => getComputedStyle(e).display"),
                "label": cell.get_attribute("data-label"),
                "before": cell.evaluate("e => getComputedStyle(e, '::before').content"),
                "scrollWidth": page.evaluate("document.documentElement.scrollWidth"),
                "innerWidth": page.evaluate("window.innerWidth"),
            }
            context.close()
        finally:
            browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"))
