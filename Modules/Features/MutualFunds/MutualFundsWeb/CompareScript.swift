/// `/funds/compare.js`: on the compare chart, the day nearest the pointer (or a tap) with each scheme's value on it,
/// in the figure's readout (a polite live region) and as a marker on each line. The script makes the figure
/// focusable: Left and Right step through the days, Home and End go to the first and the last. FeatureWeb's chart
/// script reads one value a point; this one reads a value a line, named by the legend.
enum CompareScript {
    static let text = """
        "use strict";
        (function () {
          var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
          // A day number (days since 1-Jan-1970) as "3 Jan 2025".
          function dayText(day) {
            var date = new Date(day * 86400000);
            return date.getUTCDate() + " " + MONTHS[date.getUTCMonth()] + " " + date.getUTCFullYear();
          }
          function numbers(text) { return text.split(/[ ,]/).map(Number); }
          function attach(figure) {
            var days = figure.getAttribute("data-compare").split(";").map(numbers);
            var legend = document.getElementById(figure.getAttribute("data-legend"));
            var names = legend ? [].map.call(legend.querySelectorAll(".compare-name"), function (node) {
              return node.textContent;
            }) : [];
            var output = figure.querySelector(".chart-value");
            var drawings = [].slice.call(figure.querySelectorAll("svg[data-plot]"));
            var chosen = -1;
            function show(index) {
              chosen = Math.max(0, Math.min(days.length - 1, index));
              var reading = days[chosen];
              drawings.forEach(function (svg) {
                // left, top, width, height of the plot; first and last day; lowest and highest value drawn.
                var box = numbers(svg.getAttribute("data-plot"));
                var x = box[0] + (reading[0] - box[4]) / ((box[5] - box[4]) || 1) * box[2];
                [].forEach.call(svg.querySelectorAll(".compare-marker"), function (marker, line) {
                  var y = box[1] + box[3] - (reading[line + 1] - box[6]) / ((box[7] - box[6]) || 1) * box[3];
                  marker.setAttribute("cx", x.toFixed(1));
                  marker.setAttribute("cy", y.toFixed(1));
                  marker.setAttribute("visibility", "visible");
                });
              });
              output.textContent = dayText(reading[0]) + ": " + names.map(function (name, line) {
                return name + " " + reading[line + 1].toFixed(1);
              }).join("; ");
            }
            function dayAt(svg, clientX) {
              var box = numbers(svg.getAttribute("data-plot"));
              var frame = svg.getBoundingClientRect();
              var inView = (clientX - frame.left) / frame.width * svg.viewBox.baseVal.width;
              var day = box[4] + (inView - box[0]) / box[2] * (box[5] - box[4]);
              var nearest = 0;
              days.forEach(function (reading, index) {
                if (Math.abs(reading[0] - day) < Math.abs(days[nearest][0] - day)) { nearest = index; }
              });
              return nearest;
            }
            drawings.forEach(function (svg) {
              ["pointermove", "pointerdown"].forEach(function (type) {
                svg.addEventListener(type, function (event) { show(dayAt(svg, event.clientX)); });
              });
            });
            figure.tabIndex = 0;
            figure.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End");
            var keys = figure.querySelector(".chart-keys");
            if (keys) { keys.hidden = false; }
            figure.addEventListener("keydown", function (event) {
              if (event.altKey || event.ctrlKey || event.metaKey) { return; }
              var last = days.length - 1;
              var target = {
                ArrowLeft: chosen < 0 ? last : chosen - 1, ArrowRight: chosen < 0 ? 0 : chosen + 1, Home: 0, End: last
              }[event.key];
              if (target === undefined) { return; }
              event.preventDefault();
              show(target);
            });
          }
          document.addEventListener("DOMContentLoaded", function () {
            [].forEach.call(document.querySelectorAll("figure[data-compare]"), attach);
          });
        })();

        """
}
