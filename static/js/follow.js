// A page that follows the games of its rounds live (the round page, the arbiter's queue; issue 31):
// one stream of those games' events (data-follow-url, from data-follow-from: the server replays what
// the page has not seen); when a game ends the page's content is fetched again and swapped in,
// without reloading the page. Where no stream is served (the embedded default answers 204) the page
// asks again every few seconds while a game is in play. A form the user has begun to fill in (the
// round's results) is never swapped away: the note says instead that a game ended and the page
// shows it once reloaded. Without this file the page is as it was.
(function () {
  "use strict";
  var POLL_MS = 10000;
  var note = document.querySelector("[data-follow-url]");
  if (!note) {
    return;
  }
  var source = null;
  var polling = null;
  var busy = false;
  var again = false;
  var typing = false;

  function following() {
    return document.querySelector("[data-follow-url]") !== null;
  }

  function stop() {
    if (source) {
      source.close();
    }
    if (polling) {
      window.clearInterval(polling);
    }
  }

  function refresh() {
    if (typing) {
      var said = document.getElementById("follow-note");
      if (said && said.getAttribute("data-ended-text")) {
        said.textContent = said.getAttribute("data-ended-text");
      }
      return;
    }
    if (busy) {
      again = true; // an event while the page is fetched: fetch it once more after (none is lost)
      return;
    }
    busy = true;
    again = false;
    fetch(window.location.pathname + window.location.search, {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    })
      .then(function (answer) {
        return answer.ok ? answer.text() : null;
      })
      .then(function (html) {
        var fresh = html && new DOMParser().parseFromString(html, "text/html").querySelector("main");
        var current = document.querySelector("main");
        if (fresh && current) {
          current.innerHTML = fresh.innerHTML;
          document.dispatchEvent(new CustomEvent("follow:updated"));
          if (!following()) {
            stop(); // every game followed has ended
          }
        }
      })
      .catch(function () {
        /* the next event or poll tries again */
      })
      .then(function () {
        busy = false;
        if (again) {
          refresh();
        }
      });
  }

  function poll() {
    if (!polling) {
      polling = window.setInterval(refresh, POLL_MS);
    }
  }

  ["input", "change"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var form = event.target && event.target.closest ? event.target.closest("main form") : null;
      if (form) {
        typing = true;
      }
    });
  });
  if (!window.EventSource) {
    poll();
    return;
  }
  var url = note.getAttribute("data-follow-url");
  var from = note.getAttribute("data-follow-from");
  if (from) {
    url += (url.indexOf("?") < 0 ? "?" : "&") + "lastEventId=" + encodeURIComponent(from);
  }
  source = new EventSource(url);
  source.addEventListener("end", refresh);
  source.addEventListener("stream-reset", refresh); // the missed events are no longer kept
  source.onerror = function () {
    if (source.readyState === 2) {
      poll(); // closed for good (no stream served here): ask every few seconds instead
    }
  };
})();
