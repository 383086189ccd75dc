#!/usr/bin/env python3
"""Walks the web face's actions end to end in one headless Chromium (Debian's /usr/bin/chromium through Playwright)
against one running `folio serve`: every change goes through the page's own form and button, every removal through
its confirmation page, and after each step the store is read back with the `folio` CLI on the same FOLIO_HOME.

Usage: walk_actions.py BASE_URL. Environment: FOLIO_BINARY (the CLI), FOLIO_HOME (the server's home),
FOLIO_CHROMIUM (the browser, default /usr/bin/chromium). Prints one JSON object: `steps`, the steps walked in order,
and `failures`, what a step found instead of what it expected (empty when every step held)."""
import json
import os
import subprocess
import sys

from playwright.sync_api import sync_playwright

FOLIO = os.environ["FOLIO_BINARY"]
# The CLI reads the server's store and MF API only: no other FOLIO_* setting of the developer's reaches it.
CLI_ENVIRONMENT = {key: value for key, value in os.environ.items()
                   if not key.startswith("FOLIO_") or key in ("FOLIO_HOME", "FOLIO_MFAPI_URL")}
CLI_ENVIRONMENT["NO_COLOR"] = "1"
CLI_ENVIRONMENT["FOLIO_MARKET"] = "simulated"
EMAIL = "walker@example.com"
PASSWORD = "correct horse battery staple"


def cli(*arguments, stdin=None):
    """The CLI's JSON answer for `arguments` on the server's own home."""
    done = subprocess.run([FOLIO, *arguments, "--format", "json"], input=stdin, capture_output=True, text=True,
                          env=CLI_ENVIRONMENT, timeout=60)
    if done.returncode != 0:
        raise AssertionError(f"folio {' '.join(arguments)} exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


class Walk:
    def __init__(self, page):
        self.page = page
        self.steps = []
        self.failures = []

    def form(self, action, having=None):
        """The form posting to `action`; with `having` (name, value), the one whose hidden field holds that value."""
        selector = f'form[action="{action}"]'
        if having:
            selector += f':has(input[name="{having[0]}"][value="{having[1]}"])'
        return self.page.locator(selector).first

    def submit(self, action, fields=None, button=None, having=None):
        """Fills the form posting to `action` as a person would and presses its submit button, then waits for the
        page the post leads to."""
        form = self.form(action, having)
        for name, value in (fields or {}).items():
            field = form.locator(f'[name="{name}"]')
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
        submit = form.locator(button or 'button[type="submit"]').first
        with self.page.expect_navigation():
            submit.click()
        return self.page

    def confirm(self, action, still):
        """Presses the confirming button on a removal's confirmation page, once `still` (a CLI read) shows the first
        press only asked: nothing is removed before the confirmation."""
        if not still():
            raise AssertionError("removed before the confirmation page was answered")
        self.page.locator(f'form[action="{action}"] button[type="submit"]').first.wait_for()
        with self.page.expect_navigation():
            self.page.locator(f'form[action="{action}"] button[type="submit"]').last.click()

    def step(self, name, act, check):
        self.steps.append(name)
        try:
            act()
            problem = check()
        except Exception as error:  # a missing element or a CLI refusal is this step's failure, not the walk's end
            problem = f"{type(error).__name__}: {str(error)[:600]}"
        if problem:
            self.failures.append(f"{name}: {problem} (at {self.page.url})")


def expect(condition, message):
    return None if condition else message


def accounts():
    return {a["name"]: a for a in cli("networth", "accounts", "list")}


def net_worth(w):
    page = w.page
    w.step("load the sample", lambda: (page.goto("/networth"), w.submit("/networth/sample")),
           lambda: expect(len(accounts()) >= 10, f"accounts after the sample: {sorted(accounts())}"))
    w.step("add an account",
           lambda: (page.goto("/networth"), w.submit("/networth/accounts/add", {
               "name": "Walk Savings", "type": "savings", "currency": "GBP", "balance": "1200.50"})),
           lambda: expect(accounts().get("Walk Savings", {}).get("balance") == 1200.5, "no Walk Savings at 1200.50"))
    w.step("rename the account",
           lambda: (page.goto("/networth/account?name=Walk%20Savings"),
                    w.submit("/networth/accounts/rename", {"name": "Walk Reserve"})),
           lambda: expect("Walk Reserve" in accounts() and "Walk Savings" not in accounts(),
                          f"names: {sorted(accounts())}"))
    w.step("add a note",
           lambda: (page.goto("/networth/account?name=Walk%20Reserve"),
                    w.submit("/networth/accounts/note", {"note": "emergency fund"})),
           lambda: expect(accounts().get("Walk Reserve", {}).get("note") == "emergency fund",
                          f"note: {accounts().get('Walk Reserve', {}).get('note')}"))
    w.step("record a balance update",
           lambda: (page.goto("/networth"), w.submit("/networth/update", {
               "account": "Walk Reserve", "amount": "1350.25"})),
           lambda: expect(accounts().get("Walk Reserve", {}).get("balance") == 1350.25,
                          f"history: {history('Walk Reserve')}"))
    w.step("set a rate",
           lambda: (page.goto("/networth/rates"), w.submit("/networth/rates/set", {
               "currency": "CHF", "rate": "0.88", "date": "2026-01-01"})),
           lambda: expect(chf_rates() == [("2026-01-01", 0.88)], f"CHF rates: {chf_rates()}"))
    w.step("remove the rate (confirmed)",
           lambda: (page.goto("/networth/rates"), w.submit("/networth/rates/remove", having=("currency", "CHF")),
                    w.confirm("/networth/rates/remove", still=lambda: chf_rates() != [])),
           lambda: expect(chf_rates() == [] and len(cli("networth", "rate", "list")) > 0, f"CHF rates: {chf_rates()}"))
    w.step("remove the account (confirmed)",
           lambda: (page.goto("/networth/account?name=Walk%20Reserve"), w.submit("/networth/accounts/remove"),
                    w.confirm("/networth/accounts/remove", still=lambda: "Walk Reserve" in accounts())),
           lambda: expect("Walk Reserve" not in accounts(), f"names: {sorted(accounts())}"))


def stocks_cli(*arguments):
    """The CLI's answer as the walker's stock account: it logs in with the password the page signed up with."""
    done = subprocess.run([FOLIO, "stocks", "login", "--email", EMAIL, "--password-stdin"], input=PASSWORD + "\n",
                          capture_output=True, text=True, env=CLI_ENVIRONMENT, timeout=60)
    if done.returncode != 0:
        raise AssertionError(f"folio stocks login exited {done.returncode}: {done.stderr.strip()}")
    return cli("stocks", *arguments)


def holding(symbol):
    return next((h for h in stocks_cli("portfolio")["holdings"] if h.get("symbol") == symbol), None)


def stocks(w):
    page = w.page
    w.step("sign up a stock account",
           lambda: (page.goto("/stocks/signup"), w.submit("/stocks/signup", {
               "email": EMAIL, "password": PASSWORD, "confirmation": PASSWORD})),
           lambda: expect(stocks_cli("portfolio")["email"] == EMAIL and page.url.endswith("/stocks"),
                          "the CLI does not know the new account"))
    w.step("deposit cash",
           lambda: (page.goto("/stocks/cash"), w.submit("/stocks/cash", {"amount": "2500"},
                                                        button='button[value="deposit"]')),
           lambda: expect(stocks_cli("portfolio")["totals"]["cash"] == 12500,
                          f"cash: {stocks_cli('portfolio')['totals']['cash']}"))
    w.step("buy shares",
           lambda: (page.goto("/stocks"), w.submit("/stocks/trade", {"symbol": "MSFT", "quantity": "5"},
                                                   button='button[value="buy"]')),
           lambda: expect((holding("MSFT") or {}).get("quantity") == 5, f"MSFT: {holding('MSFT')}"))
    w.step("sell shares",
           lambda: (page.goto("/stocks"), w.submit("/stocks/trade", {"symbol": "MSFT", "quantity": "2"},
                                                   button='button[value="sell"]')),
           lambda: expect((holding("MSFT") or {}).get("quantity") == 3
                          and [t["side"] for t in stocks_cli("history")][-2:] == ["buy", "sell"],
                          f"MSFT: {holding('MSFT')}"))
    w.step("add to the watchlist",
           lambda: (page.goto("/stocks/watchlist"), w.submit("/stocks/watchlist/add", {"symbols": "AAPL"})),
           lambda: expect(watched() == ["AAPL"], f"watchlist: {watched()}"))
    w.step("remove from the watchlist (confirmed)",
           lambda: (page.goto("/stocks/watchlist"), w.submit("/stocks/watchlist/remove", having=("symbol", "AAPL")),
                    w.confirm("/stocks/watchlist/remove", still=lambda: watched() == ["AAPL"])),
           lambda: expect(watched() == [], f"watchlist: {watched()}"))
    w.step("add a stock alert",
           lambda: (page.goto("/stocks/alerts"), w.submit("/stocks/alerts/add", {
               "symbol": "MSFT", "direction": "above", "level": "1000"})),
           lambda: expect(any("MSFT" in json.dumps(a) for a in cli("alerts", "list")),
                          f"alerts: {cli('alerts', 'list')}"))


def watched():
    return [entry.get("symbol") for entry in stocks_cli("watchlist", "list")]


def funds(w):
    page = w.page
    w.step("add a favourite from the fund page",
           lambda: (page.goto("/funds/122639"), w.submit("/funds/122639/favorite")),
           lambda: expect(favourites() == [122639], f"favourites: {favourites()}"))
    w.step("record a manual purchase",
           lambda: (page.goto("/funds/portfolio/transactions"), w.submit("/funds/portfolio/add", {
               "code": "122639", "amount": "10000", "date": "2024-01-15"})),
           lambda: expect([(t.get("code"), t.get("amount")) for t in transactions()] == [(122639, 10000)],
                          f"transactions: {transactions()}"))
    w.step("remove the purchase (confirmed)",
           lambda: (page.goto("/funds/portfolio/transactions"), w.submit("/funds/portfolio/remove"),
                    w.confirm("/funds/portfolio/remove", still=lambda: len(transactions()) == 1)),
           lambda: expect(transactions() == [], f"transactions: {transactions()}"))
    cached = {}
    w.step("clear the cache (confirmed), keeping the favourites",
           lambda: (cached.update(cli("funds", "cache", "status")), page.goto("/funds/cache"),
                    w.submit("/funds/cache/clear"),
                    w.confirm("/funds/cache/clear", still=lambda: cli("funds", "cache", "status")["histories"] != [])),
           lambda: expect(len(cached.get("histories", [])) > 0 and cli("funds", "cache", "status")["histories"] == []
                          and cli("funds", "cache", "status")["list"] is None and favourites() == [122639],
                          f"before: {cached}, after: {cli('funds', 'cache', 'status')}, favourites: {favourites()}"))


def favourites():
    return [entry.get("code") for entry in cli("funds", "favorites", "list")]


def transactions():
    return cli("funds", "portfolio", "transactions")


def etf(w):
    page = w.page
    template = subprocess.run([FOLIO, "etf", "template"], capture_output=True, text=True, env=CLI_ENVIRONMENT,
                              timeout=60).stdout
    w.step("paste a CSV and save it under a name",
           lambda: (page.goto("/etf"), w.submit("/etf", {"csv": template, "saveAs": "walked"},
                                                 button='button[value="save"]')),
           lambda: expect(saved() == ["walked"], f"saved: {cli('etf', 'list')}"))
    w.step("delete the saved portfolio (confirmed)",
           lambda: (page.goto("/etf/saved"), w.submit("/etf/saved/delete"),
                    w.confirm("/etf/saved/delete", still=lambda: saved() == ["walked"])),
           lambda: expect(saved() == [], f"saved: {cli('etf', 'list')}"))


def saved():
    return [entry.get("name") for entry in cli("etf", "list")]


def alerts(w):
    page = w.page
    before = {}
    w.step("add a net-worth alert",
           lambda: (before.update(ids=alert_ids()), page.goto("/alerts"),
                    w.submit("/alerts/add", {"above": "5000000"}, having=("kind", "networth"))),
           lambda: expect(len(networth_alerts()) == 1, f"alerts: {cli('alerts', 'list')}"))
    w.step("remove the net-worth alert (confirmed)",
           lambda: (page.goto("/alerts"),
                    w.submit("/alerts/remove", having=("id", str(networth_alerts()[0]["id"]))),
                    w.confirm("/alerts/remove", still=lambda: len(networth_alerts()) == 1)),
           lambda: expect(networth_alerts() == [] and alert_ids() == before["ids"], f"alerts: {cli('alerts', 'list')}"))


def alert_ids():
    return sorted(entry["id"] for entry in cli("alerts", "list"))


def networth_alerts():
    return [entry for entry in cli("alerts", "list") if entry.get("kind") == "networth"]


def chf_rates():
    return [(r["date"], r["rate"]) for r in cli("networth", "rate", "list") if r["currency"] == "CHF"]


def history(name):
    return cli("networth", "history", name)


def main(base):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("FOLIO_CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            page = browser.new_context(base_url=base).new_page()
            page.set_default_timeout(30_000)
            walk = Walk(page)
            for part in PARTS:
                part(walk)
        finally:
            browser.close()
    print(json.dumps({"steps": walk.steps, "failures": walk.failures}))


PARTS = [net_worth, stocks, funds, etf, alerts]

if __name__ == "__main__":
    main(sys.argv[1])
