// A challenge the player cannot miss (issue 42), on whatever page he is on: a message for each
// challenge sent to him by name and still open (who, which game, which clock, a link to answer it),
// and for each challenge of his accepted while the page is shown (a link to the game). Kept live by
// his own stream (header.js passes its events on as "player-event"); without one (a server answering
// 204: the embedded default) the challenges are asked for every few seconds. A message dismissed
// stays dismissed in this tab. The Play page lists the challenges itself: no message there.
(function () {
  "use strict";
  var POLL_MS = 3000;
  var SAFETY_MS = 15000;
  var script = document.currentScript;
  var play = document.querySelector("[data-challenges-url]");
  if (!script || !play || document.getElementById("challenges-page") || !window.fetch) {
    return;
  }
  var said = function (name) {
    return script.getAttribute("data-" + name) || "";
  };
  var me = said("handle");
  var dismissed = {};
  try {
    dismissed = JSON.parse(window.sessionStorage.getItem("challenge-notes-dismissed") || "{}");
  } catch (error) {
    dismissed = {};
  }
  var known = null; // the accepted challenges of his already known when the page was shown
  var box = null;

  function fill(text, values) {
    Object.keys(values).forEach(function (name) {
      text = text.split("{" + name + "}").join(values[name]);
    });
    return text;
  }

  function container() {
    if (!box) {
      box = document.createElement("div");
      box.className = "challenge-notes";
      box.id = "challenge-notes";
      box.setAttribute("aria-live", "polite");
      var main = document.querySelector("main");
      if (main) {
        main.insertBefore(box, main.firstChild);
      }
    }
    return box;
  }

  function note(key, text, link, linkText) {
    if (dismissed[key] || document.querySelector('[data-challenge-note="' + key + '"]')) {
      return;
    }
    var item = document.createElement("p");
    item.className = "message message-info challenge-note";
    item.setAttribute("role", "alert");
    item.setAttribute("data-challenge-note", key);
    item.appendChild(document.createTextNode(text + " "));
    var go = document.createElement("a");
    go.href = link;
    go.textContent = linkText;
    item.appendChild(go);
    var close = document.createElement("button");
    close.type = "button";
    close.className = "link-button challenge-note-close";
    close.textContent = said("dismiss");
    close.addEventListener("click", function () {
      dismissed[key] = true;
      try {
        window.sessionStorage.setItem("challenge-notes-dismissed", JSON.stringify(dismissed));
      } catch (error) {}
      item.parentNode.removeChild(item);
    });
    item.appendChild(document.createTextNode(" "));
    item.appendChild(close);
    container().appendChild(item);
  }

  function read(url, done) {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) {
        return answer.ok ? answer.json() : null;
      })
      .then(function (found) {
        if (Array.isArray(found)) {
          done(found);
        }
      })
      .catch(function () {});
  }

  function values(challenge, who) {
    return {
      who: who,
      game: challenge.game_name || challenge.game,
      clock: challenge.time_control || said("no-clock"),
    };
  }

  function check() {
    read(play.getAttribute("data-challenges-url"), function (found) {
      var open = {};
      found.forEach(function (challenge) {
        open["c" + challenge.id] = true;
        var text = fill(said("received"), values(challenge, challenge.challenger_name || challenge.challenger));
        note("c" + challenge.id, text, play.getAttribute("href"), said("answer"));
      });
      // answered or withdrawn meanwhile: its message goes
      document.querySelectorAll("[data-challenge-note^='c']").forEach(function (item) {
        if (!open[item.getAttribute("data-challenge-note")]) {
          item.parentNode.removeChild(item);
        }
      });
    });
    read(said("accepted-url"), function (found) {
      var first = known === null;
      known = known || {};
      found.forEach(function (challenge) {
        if (challenge.challenger !== me || !challenge.game_id || known[challenge.id]) {
          return;
        }
        known[challenge.id] = true;
        if (!first) {
          var who = challenge.challenged_name || challenge.challenged || "";
          var link = said("game-url").replace("/0/", "/" + challenge.game_id + "/");
          note("a" + challenge.id, fill(said("accepted"), values(challenge, who)), link, said("play"));
        }
      });
    });
  }

  var polling = null;
  function poll() {
    if (polling === null) {
      polling = window.setInterval(function () {
        if (!document.hidden) {
          check();
        }
      }, POLL_MS);
    }
  }
  document.addEventListener("player-event", function (event) {
    if (event.detail && String(event.detail.kind).indexOf("challenge") === 0) {
      check();
    }
  });
  document.addEventListener("player-stream-open", check);
  document.addEventListener("player-stream-closed", poll);
  window.setInterval(function () {
    if (polling === null && !document.hidden) {
      check(); // an event lost on the way is caught up
    }
  }, SAFETY_MS);
  if (!document.querySelector("[data-events-url]") || document.documentElement.getAttribute("data-player-stream") === "closed") {
    poll();
  }
  check();
})();
