// The header's count of the games where it is the signed-in player's move (issue 29): read from
// the play API on every page, and again whenever his own stream (games.live.player_events) says a game
// started or ended or it is his move. Without a stream (a server answering 204) the count is the
// page's; without JavaScript the link to "My games" is there as before. The "Play" link counts the
// challenges waiting for his answer the same way, and every event of his stream is passed on to the
// page's own scripts (the Play page follows its challenges with them).
(function () {
  "use strict";
  var link = document.querySelector("[data-my-moves-url]");
  if (!link) {
    return;
  }
  var badge = link.querySelector("[data-my-moves]");
  function refresh() {
    fetch(link.getAttribute("data-my-moves-url"), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (answer) {
        return answer.ok ? answer.json() : null;
      })
      .then(function (page) {
        if (page && typeof page.count === "number") {
          badge.textContent = String(page.count);
          badge.hidden = page.count === 0;
        }
      })
      .catch(function () {});
  }
  refresh();
  // The challenges sent to him by name and still open (issue 31): counted on the "Play" link.
  var play = document.querySelector("[data-challenges-url]");
  function recount() {
    if (!play) {
      return;
    }
    var count = play.querySelector("[data-challenges-waiting]");
    fetch(play.getAttribute("data-challenges-url"), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (answer) {
        return answer.ok ? answer.json() : null;
      })
      .then(function (found) {
        if (Array.isArray(found)) {
          count.textContent = String(found.length);
          count.hidden = found.length === 0;
        }
      })
      .catch(function () {});
  }
  recount();
  // Each event goes on to the page's own scripts as a "player-event" (detail: kind and data); the
  // stream opened (again) as "player-stream-open"; a stream that ends for good (a server answering
  // 204) as "player-stream-closed".
  function pass(event) {
    var data = null;
    try {
      data = JSON.parse(event.data);
    } catch (error) {}
    document.dispatchEvent(new CustomEvent("player-event", { detail: { kind: event.type, data: data } }));
  }
  function closed() {
    document.documentElement.setAttribute("data-player-stream", "closed");
    document.dispatchEvent(new CustomEvent("player-stream-closed"));
  }
  if (window.EventSource) {
    var source = new EventSource(link.getAttribute("data-events-url"));
    ["your-move", "game-start", "game-end"].forEach(function (kind) {
      source.addEventListener(kind, refresh);
      source.addEventListener(kind, pass);
    });
    ["challenge", "challenge-accepted", "challenge-declined", "challenge-withdrawn"].forEach(function (kind) {
      source.addEventListener(kind, recount);
      source.addEventListener(kind, pass);
    });
    source.addEventListener("open", function () {
      document.documentElement.setAttribute("data-player-stream", "open");
      document.dispatchEvent(new CustomEvent("player-stream-open")); // (again): catch up
    });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) {
        closed();
      }
    });
  } else {
    closed();
  }
})();
