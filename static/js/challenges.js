// The Play page (games/challenges.html): the challenge form's helpers and the lists following the
// answers live. Without JavaScript the form and the lists work as before (every field shown).
//  - the opponent: players with an account suggested as one types (a datalist filled from
//    /games/challenges/players/?q=);
//  - "open challenge" ticked: no opponent to name;
//  - the time control: the custom field only for "another time control";
//  - a game's start options only for the game chosen that has them: static/js/option_fields.js;
//  - the lists are fetched again when the player's stream (header.js: "player-event") says a
//    challenge of his was sent, accepted, declined or withdrawn, when the stream (re)opens, every
//    15 s as a safety net, and every 5 s without a stream; a challenge of his own just accepted
//    takes him to its game.
(function () {
  "use strict";
  var page = document.getElementById("challenges-page");
  if (!page) {
    return;
  }
  var form = document.getElementById("challenge-form");

  function field(name) {
    return form.querySelector('[name="' + name + '"]');
  }

  // the opponent's suggestions
  var opponent = field("opponent");
  var suggestions = document.getElementById("opponent-suggestions");
  var asked = "";
  var timer = null;
  function suggest() {
    var text = opponent.value.trim();
    if (text.length < 2 || text === asked) {
      return;
    }
    asked = text;
    var url = opponent.getAttribute("data-suggest-url") + "?q=" + encodeURIComponent(text);
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) {
        return answer.ok ? answer.json() : { players: [] };
      })
      .then(function (found) {
        suggestions.textContent = "";
        found.players.forEach(function (player) {
          var option = document.createElement("option");
          option.value = player.handle;
          option.label = player.name;
          option.textContent = player.name;
          suggestions.appendChild(option);
        });
      })
      .catch(function () {});
  }
  opponent.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(suggest, 150);
  });

  // show a part of the form only when it applies; a hidden part is disabled (not sent)
  function show(part, shown) {
    part.hidden = !shown;
    part.querySelectorAll("input, select, textarea").forEach(function (input) {
      input.disabled = !shown;
    });
  }
  var openToAll = field("open_to_all");
  var clock = field("clock");
  function arrange() {
    opponent.disabled = openToAll.checked;
    show(form.querySelector("[data-custom-clock]"), clock.value === "custom");
  }
  [openToAll, clock].forEach(function (input) {
    input.addEventListener("change", arrange);
  });
  arrange();

  // the lists, following the answers
  function openSent() {
    var open = {};
    document.querySelectorAll('#challenges-sent tr[data-status="open"]').forEach(function (row) {
      open[row.getAttribute("data-challenge")] = true;
    });
    return open;
  }
  var waiting = openSent();
  var busy = false;
  var again = false; // an event came while the lists were being fetched: fetch them once more
  function done() {
    busy = false;
    if (again) {
      again = false;
      refresh();
    }
  }
  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (answer) {
        return answer.ok ? answer.text() : null;
      })
      .then(function (html) {
        if (!html) {
          done();
          return;
        }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("challenges-lists");
        if (!fresh) {
          done();
          return;
        }
        for (var id in waiting) {
          var row = fresh.querySelector('#challenges-sent tr[data-challenge="' + id + '"]');
          var link = row && row.getAttribute("data-status") === "accepted" ? row.querySelector("a[href]") : null;
          if (link) {
            window.location.assign(link.getAttribute("href"));
            return;
          }
        }
        document.getElementById("challenges-lists").replaceWith(fresh);
        waiting = openSent();
        var count = document.querySelector("[data-challenges-waiting]"); // the header's, also without a stream
        if (count) {
          var open = fresh.querySelectorAll('#challenges-received tr[data-status="open"]').length;
          count.textContent = String(open);
          count.hidden = open === 0;
        }
        done();
      })
      .catch(done);
  }
  document.addEventListener("player-event", function (event) {
    if (event.detail && event.detail.kind.indexOf("challenge") === 0) {
      refresh();
    }
  });
  var polling = false;
  function poll() {
    if (!polling) {
      polling = true;
      window.setInterval(refresh, 5000);
    }
  }
  document.addEventListener("player-stream-closed", poll);
  // what happened before the stream opened, or while it reconnected, is read once it is open; and
  // an event lost on the way is caught up within SAFETY_MS
  document.addEventListener("player-stream-open", refresh);
  var SAFETY_MS = 15000;
  window.setInterval(function () {
    if (!polling) {
      refresh();
    }
  }, SAFETY_MS);
  if (
    !document.querySelector("[data-events-url]") ||
    document.documentElement.getAttribute("data-player-stream") === "closed"
  ) {
    poll();
  }
})();
