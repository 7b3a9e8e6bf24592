// The header's count of the games where it is the signed-in player's move (issue 29): read from
// the play API on every page, and again whenever his own stream (games.player_events) says a game
// started or ended or it is his move. Without a stream (a server answering 204) the count is the
// page's; without JavaScript the link to "My games" is there as before.
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
  if (window.EventSource) {
    var source = new EventSource(link.getAttribute("data-events-url"));
    ["your-move", "game-start", "game-end"].forEach(function (kind) {
      source.addEventListener(kind, refresh);
    });
  }
})();
