// The game page's board stepper: first / back / forward / last buttons, the arrow keys (and Home,
// End), clicking a move. Stepping happens on the page: each position is fetched once from the
// game's board URL and kept, the ply wanted moves with every key press even while a position is
// still loading, and the ply stays in the address (?ply=N) so the position can be linked. Without this file the same
// buttons and moves are plain links to ?ply=N.
(function () {
  "use strict";
  var viewer = document.getElementById("board-viewer");
  if (!viewer || !window.fetch || !window.Promise) {
    return;
  }
  var board = document.getElementById("board");
  var status = document.getElementById("board-status");
  var url = viewer.getAttribute("data-svg-url");
  var plies = parseInt(viewer.getAttribute("data-plies"), 10);
  var ply = parseInt(viewer.getAttribute("data-ply"), 10);
  var flip = viewer.getAttribute("data-flip") === "1";
  var moves = viewer.querySelectorAll("a[data-ply]");

  function query(n) {
    return "?ply=" + n + (flip ? "&flip=1" : "");
  }

  function mark(n) {
    for (var i = 0; i < moves.length; i++) {
      var link = moves[i];
      if (parseInt(link.getAttribute("data-ply"), 10) === n) {
        link.setAttribute("aria-current", "step");
        if (link.scrollIntoView && link.parentNode) {
          link.scrollIntoView({ block: "nearest" });
        }
      } else {
        link.removeAttribute("aria-current");
      }
    }
    var steps = { first: 0, back: Math.max(n - 1, 0), forward: Math.min(n + 1, plies), last: plies };
    var buttons = viewer.querySelectorAll("[data-step]");
    for (var k = 0; k < buttons.length; k++) {
      var step = buttons[k].getAttribute("data-step");
      if (step === "flip") {
        buttons[k].setAttribute("href", "?ply=" + n + (flip ? "" : "&flip=1"));
      } else {
        buttons[k].setAttribute("href", query(steps[step]));
      }
    }
  }

  // Each position is fetched once and kept: a step goes to the ply wanted (``wanted``) at once,
  // whatever is still loading, so no key press is lost on a slow server; the board shows the
  // wanted ply as soon as its position is here, and its neighbours are fetched ahead.
  var cache = {};
  var loading = {};
  var wanted = ply;
  cache[ply] = board.innerHTML;

  function load(n) {
    if (Object.prototype.hasOwnProperty.call(cache, n)) {
      return Promise.resolve(cache[n]);
    }
    if (!loading[n]) {
      loading[n] = fetch(url + query(n), { headers: { Accept: "image/svg+xml" } })
        .then(function (response) {
          if (!response.ok) {
            throw new Error("HTTP " + response.status);
          }
          return response.text();
        })
        .then(function (svg) {
          cache[n] = svg;
          delete loading[n];
          return svg;
        }, function (error) {
          delete loading[n];
          throw error;
        });
    }
    return loading[n];
  }

  function display(n, svg) {
    board.innerHTML = svg;
    ply = n;
    viewer.setAttribute("data-ply", String(n));
    var title = board.querySelector("title");
    if (status && title) {
      status.textContent = title.textContent;
    }
    mark(n);
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", query(n));
    }
  }

  function ahead(n) {
    [n - 1, n + 1].forEach(function (m) {
      if (m >= 0 && m <= plies) {
        load(m).catch(function () {});
      }
    });
  }

  function show(n) {
    n = Math.max(0, Math.min(plies, n));
    wanted = n;
    if (n === ply) {
      return;
    }
    load(n)
      .then(function (svg) {
        if (n === wanted) {
          display(n, svg); // else a later step won: that one shows its own ply
          ahead(n);
        }
      })
      .catch(function () {
        if (n === wanted) {
          window.location.search = query(n);
        }
      });
  }

  viewer.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("a") : null;
    if (!target || !viewer.contains(target) || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var step = target.getAttribute("data-step");
    if (target.hasAttribute("data-ply")) {
      event.preventDefault();
      show(parseInt(target.getAttribute("data-ply"), 10));
    } else if (step && step !== "flip") {
      event.preventDefault();
      show({ first: 0, back: wanted - 1, forward: wanted + 1, last: plies }[step]);
    }
  });

  document.addEventListener("keydown", function (event) {
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var keys = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: plies };
    if (Object.prototype.hasOwnProperty.call(keys, event.key)) {
      event.preventDefault();
      show(keys[event.key]);
    }
  });
})();
