// How a clock is written (as games.web.play_page.clock_text writes it on the server), the one
// writing of the game page (static/js/play.js, loaded after this script) and of "My games", whose
// running clock of each game in play counts down on the page (the server's time left when the page
// was made, less the time since). Static, no inline script: the Content-Security-Policy allows none.
(function () {
  "use strict";

  var loadedAt = Date.now();

  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function clockText(seconds, daysFormat) {
    seconds = Math.max(0, Math.floor(seconds));
    var days = Math.floor(seconds / 86400);
    var hours = Math.floor((seconds % 86400) / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var secs = seconds % 60;
    if (days) {
      return daysFormat.replace("{days}", String(days)).replace("{hours}", two(hours)).replace("{minutes}", two(minutes));
    }
    if (hours) {
      return hours + ":" + two(minutes) + ":" + two(secs);
    }
    return minutes + ":" + two(secs);
  }

  window.PlayClocks = { text: clockText };

  function tick() {
    var tables = document.querySelectorAll(".play-games");
    var elapsed = (Date.now() - loadedAt) / 1000;
    for (var t = 0; t < tables.length; t++) {
      var format = tables[t].getAttribute("data-days-format") || "{days} d {hours}:{minutes}";
      var countdowns = tables[t].querySelectorAll(".countdown[data-seconds]"); // an event's game starting later
      for (var c = 0; c < countdowns.length; c++) {
        countdowns[c].textContent = clockText(parseFloat(countdowns[c].getAttribute("data-seconds")) - elapsed, format);
      }
      var running = tables[t].querySelectorAll(".clock-time[data-running]");
      for (var i = 0; i < running.length; i++) {
        var left = parseFloat(running[i].getAttribute("data-seconds")) - elapsed;
        running[i].textContent = clockText(left, format);
        if (left <= 0) {
          running[i].classList.add("clock-out");
        }
      }
    }
  }

  if (document.querySelector(".play-games")) {
    tick();
    window.setInterval(tick, 1000);
  }
})();
