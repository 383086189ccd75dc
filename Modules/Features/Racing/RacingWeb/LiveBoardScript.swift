/// `/races/live.js`: keeps a races board (`[data-race-events]`, on the page and the dashboard card) live over
/// its event stream, and says in `#announcer` only what the server says changed (`announce`, empty when nothing
/// did). The shared script keeps ticking the countdowns; the browser resumes a dropped stream itself, sending the
/// last event's id.
enum LiveBoardScript {
    static let path = "/races/live.js"

    static let text = """
        "use strict";
        (function () {
          function listen(board) {
            var source = board.getAttribute("data-race-events");
            if (!source || !window.EventSource) { return; }
            var events = new EventSource(source);
            events.addEventListener("board", function (event) {
              var update = JSON.parse(event.data);
              var body = board.querySelector("tbody");
              if (body) { body.innerHTML = update.rows; }
              var region = document.getElementById("announcer");
              if (region && update.announce) { region.textContent = update.announce; }
            });
          }
          document.addEventListener("DOMContentLoaded", function () {
            var boards = document.querySelectorAll("[data-race-events]");
            for (var i = 0; i < boards.length; i++) { listen(boards[i]); }
          });
        })();

        """
}
