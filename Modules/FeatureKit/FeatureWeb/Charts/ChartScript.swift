/// `/assets/chart.js`: on a ``WebChart``, the date and value of the point nearest the pointer (or a tap), in the
/// figure's readout and as a marker on the line. The script makes the figure focusable: Left and Right step
/// through the points, Home and End go to the first and the last, and the readout (a polite live region)
/// announces each. The chart reads the same without it, with no useless stop for the Tab key.
enum ChartScript {
    static let text = """
        "use strict";
        (function () {
          function setUp(figure) {
            var points = figure.getAttribute("data-hover").split(";").map(function (entry) {
              var parts = entry.split(",");
              return { x: +parts[0], y: +parts[1], text: parts.slice(2).join(",") };
            });
            var readout = figure.querySelector(".chart-value");
            var svgs = figure.querySelectorAll("svg[data-plot]");
            var current = -1;
            // Puts the marker on point `index` in both renderings (the stylesheet shows one) and reads it out.
            function select(index) {
              current = Math.max(0, Math.min(points.length - 1, index));
              var best = points[current];
              for (var j = 0; j < svgs.length; j++) {
                // left, top, width, height of the plot; then the x and y ranges it draws.
                var plot = svgs[j].getAttribute("data-plot").split(" ").map(Number);
                var marker = svgs[j].querySelector(".chart-marker");
                marker.setAttribute("cx", plot[0] + (best.x - plot[4]) / ((plot[5] - plot[4]) || 1) * plot[2]);
                marker.setAttribute("cy", plot[1] + plot[3] - (best.y - plot[6]) / (plot[7] - plot[6]) * plot[3]);
                marker.setAttribute("visibility", "visible");
              }
              readout.textContent = best.text;
            }
            function nearest(svg, clientX) {
              var plot = svg.getAttribute("data-plot").split(" ").map(Number);
              var box = svg.getBoundingClientRect();
              var vx = (clientX - box.left) / box.width * svg.viewBox.baseVal.width;
              var x = plot[4] + (vx - plot[0]) / plot[2] * (plot[5] - plot[4]);
              var best = 0;
              for (var i = 1; i < points.length; i++) {
                if (Math.abs(points[i].x - x) < Math.abs(points[best].x - x)) { best = i; }
              }
              return best;
            }
            for (var j = 0; j < svgs.length; j++) {
              (function (svg) {
                svg.addEventListener("pointermove", function (event) { select(nearest(svg, event.clientX)); });
                svg.addEventListener("pointerdown", function (event) { select(nearest(svg, event.clientX)); });
              })(svgs[j]);
            }
            figure.tabIndex = 0;
            figure.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End");
            var hint = figure.querySelector(".chart-keys");
            if (hint) { hint.hidden = false; }
            figure.addEventListener("keydown", function (event) {
              var last = points.length - 1;
              var moves = {
                ArrowLeft: current < 0 ? last : current - 1, ArrowRight: current < 0 ? 0 : current + 1,
                Home: 0, End: last
              };
              if (!(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) { return; }
              event.preventDefault();
              select(moves[event.key]);
            });
          }
          document.addEventListener("DOMContentLoaded", function () {
            var figures = document.querySelectorAll("figure[data-hover]");
            for (var i = 0; i < figures.length; i++) { setUp(figures[i]); }
          });
        })();

        """
}
