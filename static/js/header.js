// The header's counts on every page (issues 29, 31, 36): the signed-in user's unread notices, the
// games where it is his player's move ("My games") and the challenges waiting for his answer
// ("Play"). A player's own stream (games.live.player_events) keeps them live: a "notice" event carries
// his unread count, a game started or ended or his move refreshes "My games", a challenge "Play".
// Without a stream (a server answering 204: the embedded default, or an account without a player)
// the counts are asked again every few seconds while the page is shown. Without JavaScript the
// counts are the page's. Every event of the stream is passed on to the page's own scripts.
(function () {
  "use strict";
  var POLL = 3000; // ms between two reads of the counts without a stream (a player's)
  var POLL_OFFICIAL = 15000; // ... for an account without a player (no game of his starts)
  var notices = document.querySelector("[data-notices-url]");
  var link = document.querySelector("[data-my-moves-url]");
  var play = document.querySelector("[data-challenges-url]");

  function read(url, done) {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) {
        return answer.ok ? answer.json() : null;
      })
      .then(function (found) {
        if (found !== null) {
          done(found);
        }
      })
      .catch(function () {});
  }
  function show(badge, count) {
    if (badge && typeof count === "number") {
      badge.textContent = String(count);
      badge.hidden = count === 0;
    }
  }
  // The unread notices: the count of GET /api/notices/?unread=true.
  function renotice() {
    if (notices) {
      read(notices.getAttribute("data-notices-url"), function (page) {
        show(notices.querySelector("[data-unread-notices]"), page.count);
      });
    }
  }
  // The games where it is his move: the count of GET /api/play/?turn=mine.
  function refresh() {
    if (link) {
      read(link.getAttribute("data-my-moves-url"), function (page) {
        show(link.querySelector("[data-my-moves]"), page.count);
      });
    }
  }
  // The challenges sent to him by name and still open (issue 31): counted on the "Play" link.
  function recount() {
    if (play) {
      read(play.getAttribute("data-challenges-url"), function (found) {
        if (Array.isArray(found)) {
          show(play.querySelector("[data-challenges-waiting]"), found.length);
        }
      });
    }
  }
  refresh();
  recount();
  // Without a stream: every few seconds while the page is shown (and at once when it is shown again).
  var polling = null;
  function poll(every) {
    if (polling !== null) {
      return;
    }
    polling = window.setInterval(function () {
      if (!document.hidden) {
        renotice();
        refresh();
        recount();
      }
    }, every || POLL);
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) {
        renotice();
        refresh();
        recount();
      }
    });
  }
  // Each event goes on to the page's own scripts as a "player-event" (detail: kind and data); the
  // stream opened (again) as "player-stream-open"; a stream that ends for good (a server answering
  // 204) as "player-stream-closed".
  function pass(event) {
    var data = null;
    try {
      data = JSON.parse(event.data);
    } catch (error) {}
    document.dispatchEvent(new CustomEvent("player-event", { detail: { kind: event.type, data: data } }));
    return data;
  }
  function closed() {
    document.documentElement.setAttribute("data-player-stream", "closed");
    document.dispatchEvent(new CustomEvent("player-stream-closed"));
    poll();
  }
  if (!link) {
    poll(POLL_OFFICIAL); // no player, no stream of his own
    return;
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
    source.addEventListener("notice", function (event) {
      var data = pass(event);
      if (data && typeof data.unread === "number") {
        show(notices && notices.querySelector("[data-unread-notices]"), data.unread);
      } else {
        renotice();
      }
    });
    source.addEventListener("open", function () {
      document.documentElement.setAttribute("data-player-stream", "open");
      document.dispatchEvent(new CustomEvent("player-stream-open")); // (again): catch up
      renotice();
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
