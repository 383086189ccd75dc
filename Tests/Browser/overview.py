#!/usr/bin/env python3
"""The household overview (`/`) in headless Chromium (Debian's /usr/bin/chromium through Playwright, never a
downloaded browser, as Tooling/a11y does), at 390 and 1280 px, light and dark: the trend chart's colours follow the
scheme, its labels stay inside its box, the page never scrolls sideways on a phone, a table reads as cards there, and
axe-core finds nothing serious or critical.

Usage: overview.py BASE_URL. Prints one JSON object with a result per rendering ("390-dark": {…}) and the one-click
link's outcome. FOLIO_CHROMIUM: the browser, default /usr/bin/chromium."""
import json
import os
import sys

from playwright.sync_api import sync_playwright

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # axe is optional: without it the renderings are still checked
    Axe = None

CHART = """() => {
  const svg = [...document.querySelectorAll('#overview-trend svg')].find(s => s.getClientRects().length);
  if (!svg) { return null; }
  const box = svg.viewBox.baseVal;
  const texts = [...svg.querySelectorAll('text')];
  const outside = texts.filter(t => { const b = t.getBBox(); return b.x < 0 || b.x + b.width > box.width + 0.5; })
    .map(t => t.textContent);
  return {
    rendering: svg.getAttribute('class'),
    background: getComputedStyle(svg.querySelector('.chart-bg')).fill,
    line: getComputedStyle(svg.querySelector('.chart-line')).stroke,
    label: getComputedStyle(texts[0]).fill,
    labels: texts.length,
    outside: outside,
    width: svg.getBoundingClientRect().width,
  };
}"""

CARDS = """() => {
  const wrap = document.querySelector('.table-wrap');
  if (!wrap) { return null; }
  const cell = wrap.querySelector('tbody td:nth-child(2)');
  return {
    cards: wrap.classList.contains('cards'),
    display: getComputedStyle(wrap.querySelector('tbody tr')).display,
    label: cell ? cell.getAttribute('data-label') : null,
  };
}"""


def main(base):
    result = {"pageErrors": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("FOLIO_CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            for width in (390, 1280):
                for scheme in ("light", "dark"):
                    context = browser.new_context(
                        base_url=base, viewport={"width": width, "height": 900}, color_scheme=scheme)
                    page = context.new_page()
                    page.on("pageerror", lambda error: result["pageErrors"].append(str(error)))
                    page.goto("/?live=0")
                    rendering = {
                        "chart": page.evaluate(CHART),
                        "scrollWidth": page.evaluate("document.documentElement.scrollWidth"),
                        "innerWidth": page.evaluate("window.innerWidth"),
                        "allocation": page.locator(".allocation .bar-row").count(),
                        "suggestions": page.locator(".suggestions button").count(),
                        "background": page.evaluate("getComputedStyle(document.body).backgroundColor"),
                    }
                    if Axe is not None:
                        found = Axe().run(page).response["violations"]
                        rendering["axe"] = [v["id"] for v in found if v.get("impact") in ("serious", "critical")]
                    page.goto("/networth/accounts?live=0")
                    rendering["cards"] = page.evaluate(CARDS)
                    result[f"{width}-{scheme}"] = rendering
                    context.close()
            # The one click: a suggestion's button adds the account that follows the source, and / no longer offers it.
            context = browser.new_context(base_url=base, viewport={"width": 390, "height": 900})
            page = context.new_page()
            page.goto("/?live=0")
            button = page.locator(".suggestions button").first
            if button.count():
                button.click()
                page.wait_for_load_state()
                result["linked"] = {
                    "url": page.url,
                    "flash": page.locator(".notice").first.text_content() if page.locator(".notice").count() else None,
                    "suggestionsAfter": page.locator(".suggestions button").count(),
                }
            context.close()
        finally:
            browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1])
