/// `/assets/chart.js`: on a ``WebChart``, the date and value of the point nearest the pointer (or a tap), in the
/// figure's readout and as a marker on the line. The chart reads the same without it.
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
            function show(svg, clientX) {
              // left, top, width, height of the plot; then the x and y ranges it draws.
              var plot = svg.getAttribute("data-plot").split(" ").map(Number);
              var box = svg.getBoundingClientRect();
              var vx = (clientX - box.left) / box.width * svg.viewBox.baseVal.width;
              var x = plot[4] + (vx - plot[0]) / plot[2] * (plot[5] - plot[4]);
              var best = points[0];
              for (var i = 1; i < points.length; i++) {
                if (Math.abs(points[i].x - x) < Math.abs(best.x - x)) { best = points[i]; }
              }
              var marker = svg.querySelector(".chart-marker");
              marker.setAttribute("cx", plot[0] + (best.x - plot[4]) / ((plot[5] - plot[4]) || 1) * plot[2]);
              marker.setAttribute("cy", plot[1] + plot[3] - (best.y - plot[6]) / (plot[7] - plot[6]) * plot[3]);
              marker.setAttribute("visibility", "visible");
              readout.textContent = best.text;
            }
            var svgs = figure.querySelectorAll("svg[data-plot]");
            for (var j = 0; j < svgs.length; j++) {
              (function (svg) {
                svg.addEventListener("pointermove", function (event) { show(svg, event.clientX); });
                svg.addEventListener("pointerdown", function (event) { show(svg, event.clientX); });
              })(svgs[j]);
            }
          }
          document.addEventListener("DOMContentLoaded", function () {
            var figures = document.querySelectorAll("figure[data-hover]");
            for (var i = 0; i < figures.length; i++) { setUp(figures[i]); }
          });
        })();

        """
}
