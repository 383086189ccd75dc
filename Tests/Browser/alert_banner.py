#!/usr/bin/env python3
"""The alerts banner against a running `folio serve`, in headless Chromium (Debian's /usr/bin/chromium through
Playwright, never a downloaded browser): on the page's own clock (Playwright's fake timers, `page.clock`), a race
alert is added through /alerts' form while a race of its meeting is already inside its window; the banner of the
page the form leads to shows the firing (the schedule checks an added alert at its next tick, and a tab that has
seen no firing is sent the last minute's), then the page's clock is moved on and the banner's countdown with it.

Usage: alert_banner.py BASE_URL. Prints one JSON object: the banner's text when it showed, and after the page's
clock moved on 30 s and then 10 min. FOLIO_CHROMIUM: the browser, default /usr/bin/chromium."""
import json
import os
import sys

from playwright.sync_api import sync_playwright


def main(base):
    result = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("FOLIO_CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            context = browser.new_context(base_url=base)
            page = context.new_page()
            page.on("pageerror", lambda error: result.setdefault("pageErrors", []).append(str(error)))
            # The page's own clock: timers and Date are Playwright's, moved on below without waiting.
            page.clock.install()
            page.goto("/alerts")
            form = page.locator("#add-race form")
            form.locator("input[name=meeting]").fill("Richmond Straight")
            form.locator("input[name=within]").fill("10m")
            form.locator("button[type=submit]").click()
            page.wait_for_load_state()
            result["flash"] = page.locator("main .notice").first.text_content()
            # Locators wait without evaluating strings in the page, which its Content Security Policy forbids. The
            # schedule's own cycle for races is 10 minutes here: a firing within this wait is the added alert's.
            banner = page.locator(".alert-live", has_text="Alert:")
            banner.wait_for(timeout=30_000)
            result["shown"] = banner.text_content()
            page.clock.fast_forward(30_000)
            result["after30s"] = banner.text_content()
            page.clock.fast_forward("10:00")
            result["after10m30s"] = page.locator(".alert-live").text_content()
        finally:
            browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"))
