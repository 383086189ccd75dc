/// The one script, served as `/assets/folio.js`; pages work without it except the live parts.
/// - Countdowns (`[data-start]`, epoch ms) tick from one timer for the page, in the server's clock
///   (`data-server-now` on the board), and a race leaves 60 s after its start.
/// - A board with `data-events` is refreshed by server-sent events (`board`: `{now, rows}`).
/// - Changes are announced politely in `#announcer`, once per change, never every second.
/// - `input[data-search]` shows results as you type from the JSON route it names, with the values of the
///   form fields named in `data-filters` (so the live results honour the same filters as the submitted form).
/// - The alerts banner (`[data-alert-events]`, on every page) shows each firing from the event stream it names
///   in its polite live region and, once the user has allowed it with the banner's button (never unasked), as a
///   browser notification. The last firing seen is kept for the tab, so the next page asks only for newer ones.
///   `?live=0` leaves it closed, as it leaves every live part: a page that must settle (a headless dump) can.
///   A firing whose title ends in a countdown keeps counting from its firing time.
/// - A refused form's first blamed field (else the page's error) is scrolled into view and focused.
enum Script {
    static let text = """
        "use strict";
        (function () {
          var offset = 0;
          function pad(n) { return n < 10 ? "0" + n : "" + n; }
          function countdown(s) {
            var sign = s < 0 ? "-" : "", m = Math.abs(s);
            var h = Math.floor(m / 3600), mi = Math.floor((m % 3600) / 60), se = m % 60;
            if (h > 0) { return sign + h + "h " + pad(mi) + "m"; }
            if (mi > 0) { return sign + mi + "m " + pad(se) + "s"; }
            return sign + se + "s";
          }
          function announce(text) {
            var region = document.getElementById("announcer");
            if (region) { region.textContent = text; }
          }
          function tick() {
            var now = Date.now() + offset;
            var cells = document.querySelectorAll("[data-start]");
            for (var i = 0; i < cells.length; i++) {
              var cell = cells[i], row = cell.closest("tr");
              var seconds = Math.floor((Number(cell.getAttribute("data-start")) - now) / 1000);
              if (seconds < -60 && row) {
                announce((row.getAttribute("data-name") || "A race") + " has left the board.");
                row.parentNode.removeChild(row);
                continue;
              }
              cell.textContent = countdown(seconds) + (seconds < 0 ? " (started)" : "");
              if (row) {
                row.classList.toggle("started", seconds < 0);
                row.classList.toggle("soon", seconds >= 0 && seconds < 120);
              }
            }
          }
          function listen(board) {
            var source = board.getAttribute("data-events");
            if (!source || !window.EventSource) { return; }
            var events = new EventSource(source);
            events.addEventListener("board", function (event) {
              var update = JSON.parse(event.data);
              var body = board.querySelector("tbody");
              if (!body) { return; }
              var before = body.textContent;
              offset = update.now - Date.now();
              body.innerHTML = update.rows;
              tick();
              var first = body.querySelector("tr");
              if (before !== body.textContent && first) {
                announce("Board updated. Next: " + (first.getAttribute("data-name") || "") + ".");
              }
            });
          }
          function search(input) {
            var list = document.getElementById(input.getAttribute("data-results"));
            var filters = (input.getAttribute("data-filters") || "").split(" ").filter(Boolean);
            var timer = null;
            function query(q) {
              var text = "?q=" + encodeURIComponent(q);
              filters.forEach(function (name) {
                var field = input.form && input.form.elements[name];
                if (field && field.value.trim()) { text += "&" + encodeURIComponent(name) + "=" + encodeURIComponent(field.value.trim()); }
              });
              return text;
            }
            function schedule() {
              clearTimeout(timer);
              timer = setTimeout(function () {
                var q = input.value.trim();
                if (q.length < 2) { list.textContent = ""; return; }
                fetch(input.getAttribute("data-search") + query(q), { headers: { Accept: "application/json" } })
                  .then(function (response) { return response.ok ? response.json() : []; })
                  .then(function (rows) {
                    list.textContent = "";
                    var key = input.getAttribute("data-key"), label = input.getAttribute("data-label");
                    var base = input.getAttribute("data-link");
                    (rows || []).slice(0, 25).forEach(function (row) {
                      var item = document.createElement("li"), link = document.createElement("a");
                      link.href = base + encodeURIComponent(row[key]);
                      link.textContent = row[label] + " (" + row[key] + ")";
                      item.appendChild(link);
                      list.appendChild(item);
                    });
                    announce(rows.length + " results.");
                  });
              }, 200);
            }
            input.addEventListener("input", schedule);
            filters.forEach(function (name) {
              var field = input.form && input.form.elements[name];
              if (field) { field.addEventListener(field.tagName === "SELECT" ? "change" : "input", schedule); }
            });
          }
          // A firing whose title ends in a countdown ("starts in 4m 30s") keeps counting from when it fired, so the
          // banner never shows a start time that has passed as minutes away.
          var liveTimer = null;
          function live(region, firing) {
            if (liveTimer) { clearInterval(liveTimer); liveTimer = null; }
            var match = / starts in (?:([0-9]+)h ([0-9]+)m|([0-9]+)m ([0-9]+)s|([0-9]+)s)$/.exec(firing.title || "");
            var fired = Date.parse(firing.firedAt || "");
            if (!match || isNaN(fired)) { return; }
            var seconds = match[1] ? Number(match[1]) * 3600 + Number(match[2]) * 60
              : match[3] ? Number(match[3]) * 60 + Number(match[4]) : Number(match[5]);
            var start = fired + seconds * 1000, head = firing.title.slice(0, match.index);
            function show() {
              var left = Math.floor((start - Date.now() - offset) / 1000);
              var when = left >= 0 ? " starts in " + countdown(left) : " has started";
              region.textContent = "Alert: " + head + when + " — " + firing.body;
              if (left < -60) { clearInterval(liveTimer); liveTimer = null; }
            }
            show();
            liveTimer = setInterval(show, 1000);
          }
          function alerts(banner) {
            var source = banner.getAttribute("data-alert-events");
            if (!source || !window.EventSource || /[?&]live=0(&|$)/.test(window.location.search)) { return; }
            var region = banner.querySelector("[aria-live]"), button = banner.querySelector("[data-allow-notifications]");
            var canNotify = "Notification" in window;
            if (button && canNotify && Notification.permission === "default") {
              button.hidden = false;
              button.addEventListener("click", function () {
                Notification.requestPermission().then(function () { button.hidden = true; });
              });
            }
            var seen = null;
            try { seen = window.sessionStorage.getItem("folio-alert-seen"); } catch (e) { seen = null; }
            var events = new EventSource(source + (seen ? "?after=" + encodeURIComponent(seen) : ""));
            events.addEventListener("alert", function (event) {
              var firing = JSON.parse(event.data);
              try { window.sessionStorage.setItem("folio-alert-seen", String(firing.sequence)); } catch (e) { }
              region.textContent = "Alert: " + firing.title + " — " + firing.body;
              banner.classList.add("fired");
              live(region, firing);
              if (canNotify && Notification.permission === "granted") {
                var note = new Notification(firing.title, { body: firing.body, tag: "folio-" + firing.sequence });
                if (firing.link) { note.onclick = function () { window.location.href = firing.link; }; }
              }
            });
          }
          document.addEventListener("DOMContentLoaded", function () {
            var banner = document.querySelector("[data-alert-events]");
            if (banner) { alerts(banner); }
            var board = document.querySelector("[data-server-now]");
            if (board) { offset = Number(board.getAttribute("data-server-now")) - Date.now(); }
            var boards = document.querySelectorAll("[data-events]");
            for (var i = 0; i < boards.length; i++) { listen(boards[i]); }
            var inputs = document.querySelectorAll("input[data-search]");
            for (var j = 0; j < inputs.length; j++) { search(inputs[j]); }
            if (document.querySelector("[data-start]")) { tick(); setInterval(tick, 1000); }
            // A refused form is where the user is looking: its first blamed field (else the error) scrolled to.
            var refused = document.querySelector('[aria-invalid="true"]') || document.querySelector("main .notice.error");
            if (refused && refused.scrollIntoView) {
              refused.scrollIntoView({ block: "center" });
              if (refused.focus && refused.matches("input, select, textarea")) { refused.focus({ preventScroll: true }); }
            }
          });
        })();

        """
}
