#!/usr/bin/env python3
"""The browser's side of alert notifications against a running `folio serve`, in headless Chromium (Debian's
/usr/bin/chromium through Playwright, never a downloaded browser, as Tooling/a11y does): opens /alerts, presses
"Allow notifications" once the site may notify, adds an alert that holds through POST /api/alerts from the page
(so its event stream stays open), and waits for the firing to show as a browser Notification.

Usage: alert_notifications.py BASE_URL. Prints one JSON object: whether the button was shown and hidden after,
the permission, the Notifications the page created (title, body) and the banner's text. FOLIO_CHROMIUM: the
browser, default /usr/bin/chromium."""
import json
import os
import sys

from playwright.sync_api import sync_playwright

# Records every Notification the page creates, still creating the real one.
RECORD_NOTIFICATIONS = """(() => {
  const Real = window.Notification;
  if (!Real) { return; }
  window.__notifications = [];
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notifications.push({ title: title, body: (options || {}).body || "" });
    }
  }
  window.Notification = Recorded;
})();"""

ADD_ALERT = """async () => {
  const token = document.querySelector('input[name="_csrf"]').value;
  const response = await fetch('/api/alerts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
    body: JSON.stringify({ kind: 'networth', above: '1' }),
  });
  return { status: response.status, body: await response.json() };
}"""


def main(base):
    result = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("FOLIO_CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            context = browser.new_context(base_url=base)
            context.add_init_script(RECORD_NOTIFICATIONS)
            page = context.new_page()
            page.goto("/alerts")
            result["permissionBefore"] = page.evaluate("Notification.permission")
            button = page.locator("[data-allow-notifications]")
            result["buttonShown"] = button.is_visible()
            # The person allows notifications: Playwright grants what the browser's prompt would.
            context.grant_permissions(["notifications"], origin=base)
            button.click()
            # Locators wait without evaluating strings in the page, which its Content Security Policy forbids.
            button.wait_for(state="hidden", timeout=10_000)
            result["buttonHiddenAfter"] = True
            result["permission"] = page.evaluate("Notification.permission")
            result["added"] = page.evaluate(ADD_ALERT)
            # The banner's text and the Notification come from the same event.
            page.locator(".alert-live", has_text="Alert:").wait_for(timeout=60_000)
            result["notifications"] = page.evaluate("window.__notifications")
            result["banner"] = page.locator(".alert-live").text_content()
        finally:
            browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"))
