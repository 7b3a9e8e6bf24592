// The game page as a place to play (a game played on the service): picking the move on the board,
// the clocks counting down, and the page following the game live.
//
// The move form's select lists the legal moves in notation; each option names, in data-points, the
// points picked on the board to make it (GIPF: the dot, then the spot beside it that gives the
// direction; DVONN: the space placed on, or from and to; GIPF with potentials: a push as in GIPF, a
// potential's spot and where it goes, the TAMSK extra push's dot and direction after the first
// push's; all from the arbiter's legal moves, never worked out here). Clicking (or focusing and pressing Enter
// on) the offered points narrows the moves; when several moves share the points picked (GIPF: a
// GIPF-piece or not, a loaded piece's kind or a basic piece, PÜNCT's neutralising or converting,
// which rows to remove) the mover is asked which. The chosen move is shown in
// notation and sent with the form's button. Without this file the select and the button play alone.
//
// Live: the game's event stream (server-sent events, data-stream-url) says when a move is stored or
// play ends; where the stream is not served (the embedded default answers 204) the page asks the
// play API every few seconds instead. Either way the page's content is fetched again and swapped in,
// without reloading the page. The stream starts from the page's last stored event (data-stream-from,
// sent as lastEventId; the browser's Last-Event-ID on a reconnection), so the server replays every
// event the page has not seen; a "stream-reset" (those events are no longer kept) reads the game's
// state instead.
(function () {
  "use strict";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var POLL_MS = 3000;
  var SAFETY_MS = 20000;
  var loadedAt = Date.now();
  var prefix = [];
  var chosen = null;
  var action = null; // the piece chosen (the notation before ";") while its removals are still to choose
  var decided = {}; // the removal step: a piece clicked on the board to remove ("x") or to keep ("k")
  var step = null; // the removal step as last drawn: the moves offered, those left, the pieces to click
  var polling = null;
  var refreshing = false;
  var served = null; // a game of thousands of moves: those the server offers for the points picked

  function area() {
    return document.getElementById("play-area");
  }

  function currentPly() {
    var el = area();
    return el ? parseInt(el.getAttribute("data-ply"), 10) : -1;
  }

  function isOver() {
    var el = area();
    return !el || el.getAttribute("data-over") === "1";
  }

  // ------------------------------------------------------------------ picking the move

  function moves() {
    if (served) {
      return served;
    }
    var select = document.getElementById("move-select");
    var out = [];
    if (!select) {
      return out;
    }
    for (var i = 0; i < select.options.length; i++) {
      var option = select.options[i];
      if (option.value) {
        var points = (option.getAttribute("data-points") || "").split(" ").filter(Boolean);
        out.push({ notation: option.value, points: points });
      }
    }
    return out;
  }

  function startsWith(points, head) {
    if (points.length < head.length) {
      return false;
    }
    for (var i = 0; i < head.length; i++) {
      if (points[i] !== head[i]) {
        return false;
      }
    }
    return true;
  }

  function pointElement(svg, name) {
    return svg.querySelector('[data-point="' + name + '"], [data-space="' + name + '"]');
  }

  function centre(element) {
    var box = element.getBBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  }

  // half the distance between the two closest points of the board: the tap target's radius
  function targetRadius(svg) {
    var elements = svg.querySelectorAll("[data-point], polygon[data-space], circle.space[data-space]");
    var centres = [];
    for (var i = 0; i < elements.length && i < 80; i++) {
      centres.push(centre(elements[i]));
    }
    var best = Infinity;
    for (var a = 0; a < centres.length; a++) {
      for (var b = a + 1; b < centres.length; b++) {
        var d = Math.hypot(centres[a][0] - centres[b][0], centres[a][1] - centres[b][1]);
        if (d > 0.5 && d < best) {
          best = d;
        }
      }
    }
    return best === Infinity ? 15 : best * 0.48;
  }

  function circle(cls, name, xy, r) {
    var c = document.createElementNS(SVG_NS, "circle");
    c.setAttribute("class", cls);
    c.setAttribute("cx", String(xy[0]));
    c.setAttribute("cy", String(xy[1]));
    c.setAttribute("r", String(r));
    if (name) {
      c.setAttribute("data-target", name);
      c.setAttribute("tabindex", "0");
      c.setAttribute("role", "button");
      c.setAttribute("aria-label", name);
      var title = document.createElementNS(SVG_NS, "title");
      title.textContent = name;
      c.appendChild(title);
    }
    return c;
  }

  function render() {
    var svg = document.querySelector("#play-board svg");
    var form = document.getElementById("move-form");
    if (!svg || !form) {
      return;
    }
    var old = svg.querySelector("g.play-layer");
    if (old) {
      old.parentNode.removeChild(old);
    }
    var layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "play-layer");
    var r = targetRadius(svg);
    var all = moves();
    var candidates = all.filter(function (m) {
      return startsWith(m.points, prefix);
    });
    var next = {};
    var complete = [];
    candidates.forEach(function (m) {
      if (m.points.length > prefix.length) {
        next[m.points[prefix.length]] = true;
      } else {
        complete.push(m);
      }
    });
    prefix.forEach(function (name) {
      var el = pointElement(svg, name);
      if (el) {
        layer.appendChild(circle("play-picked", "", centre(el), r * 0.8));
      }
    });
    step = null;
    if (!chosen && Object.keys(next).length === 0 && complete.length > 1) {
      step = removalStep(offeredMoves(complete));
      if (step && step.left.length === 1) {
        chosen = step.left[0].notation;
      }
    }
    if (!chosen) {
      Object.keys(next).forEach(function (name) {
        var el = pointElement(svg, name);
        if (el) {
          layer.appendChild(circle("play-target", name, centre(el), r));
        }
      });
    }
    if (step) {
      drawRemovalTargets(svg, layer, r);
    }
    svg.appendChild(layer);

    if (!chosen && prefix.length && complete.length === 1 && Object.keys(next).length === 0) {
      chosen = complete[0].notation;
    }
    var select = document.getElementById("move-select") || document.getElementById("move-text");
    if (select.tagName === "SELECT" || chosen) {
      select.value = chosen || "";
    }
    var preview = document.getElementById("move-preview");
    document.getElementById("move-preview-text").textContent = chosen || "";
    preview.hidden = !chosen;
    document.getElementById("move-clear").hidden = !chosen && prefix.length === 0;
    var options = document.getElementById("move-options");
    var list = options.querySelector(".move-option-list");
    list.innerHTML = "";
    // a game whose moves name no points on the board is played from the list alone
    var pointed = all.some(function (m) {
      return m.points.length > 0;
    });
    // asked: several moves share the points picked (a piece's kind, PÜNCT's neutralising or
    // converting, the rows removed), or one ends here while others go on (GIPF with potentials: a
    // TAMSK piece taken with a row loses the extra push the others go on to pick)
    var asked =
      pointed &&
      !chosen &&
      complete.length > 0 &&
      (complete.length > 1 || prefix.length === 0 || Object.keys(next).length > 0);
    if (asked) {
      // step by step: first the piece (one button a kind), then what it removes (clicked on the
      // board, or one of the choices left, each previewed on the board when pointed at); one choice
      // per button when the pieces do not differ
      var actions = actionsOf(complete);
      if (action === null && actions.length > 1 && actions.length < complete.length) {
        actions.forEach(function (a) {
          var button = optionButton(a);
          button.setAttribute("data-action", a);
          list.appendChild(button);
        });
      } else {
        (step ? step.left : offeredMoves(complete)).forEach(function (m) {
          list.appendChild(optionButton(m.notation));
        });
      }
    }
    options.hidden = !asked;
    var hint = document.getElementById("move-removal-hint");
    if (hint) {
      hint.hidden = !step || Boolean(chosen);
    }
    previewRemovals(svg, chosen || (step ? step.sure.join(" ") : ""));
    warn(chosen || (step ? step.left[0].notation : action), all);
  }

  // ------------------------------------------------------------------ the removal step
  // When the moves left differ only in the pieces they remove (GIPF's and GIPF with potentials'
  // GIPF-pieces and loaded pieces, each the remover's choice; which of two rows), the pieces that
  // make the difference are clicked on the board: once to remove, again to keep. The pieces every
  // move left removes are drawn removed; the move is chosen once one move alone agrees with the
  // clicks. The buttons of the moves left stay below, for the keyboard and as a shortcut.

  function actionsOf(complete) {
    var actions = [];
    complete.forEach(function (m) {
      if (actions.indexOf(actionOf(m.notation)) < 0) {
        actions.push(actionOf(m.notation));
      }
    });
    return actions;
  }

  // the moves offered once the piece is known (all of them while the pieces do not differ)
  function offeredMoves(complete) {
    var actions = actionsOf(complete);
    if (action === null && actions.length > 1) {
      return actions.length < complete.length ? [] : complete;
    }
    return complete.filter(function (m) {
      return action === null || actionOf(m.notation) === action;
    });
  }

  // the spots a move removes: every "x" list of its notation
  function removalsOf(notation) {
    var out = [];
    notation.split(";").forEach(function (part) {
      if (part.charAt(0) === "x") {
        (part.match(/[a-i][1-9]/g) || []).forEach(function (name) {
          if (out.indexOf(name) < 0) {
            out.push(name);
          }
        });
      }
    });
    return out;
  }

  function withoutRemovals(notation) {
    return notation
      .split(";")
      .filter(function (part) {
        return part.charAt(0) !== "x";
      })
      .join(";");
  }

  function agrees(m) {
    var removed = removalsOf(m.notation);
    return Object.keys(decided).every(function (name) {
      return (removed.indexOf(name) >= 0) === (decided[name] === "x");
    });
  }

  function removalStep(offered) {
    if (offered.length < 2) {
      return null;
    }
    var shape = withoutRemovals(offered[0].notation);
    var same = offered.every(function (m) {
      return withoutRemovals(m.notation) === shape;
    });
    if (!same) {
      return null;
    }
    var left = offered.filter(agrees);
    if (!left.length) {
      decided = {};
      left = offered;
    }
    var counts = {};
    left.forEach(function (m) {
      removalsOf(m.notation).forEach(function (name) {
        counts[name] = (counts[name] || 0) + 1;
      });
    });
    var sure = [];
    var open = Object.keys(decided);
    Object.keys(counts).forEach(function (name) {
      if (counts[name] === left.length) {
        sure.push(name);
      } else if (open.indexOf(name) < 0) {
        open.push(name);
      }
    });
    return { offered: offered, left: left, sure: sure, open: open };
  }

  function drawRemovalTargets(svg, layer, r) {
    var hint = document.getElementById("move-removal-hint");
    var said = {
      x: (hint && hint.getAttribute("data-removed-text")) || "removed",
      k: (hint && hint.getAttribute("data-kept-text")) || "kept",
    };
    step.open.forEach(function (name) {
      var el = pointElement(svg, name);
      if (!el) {
        return;
      }
      var state = decided[name] || "";
      var c = circle("play-removal" + (state ? " play-removal-" + state : ""), "", centre(el), r);
      c.setAttribute("data-removal", name);
      c.setAttribute("tabindex", "0");
      c.setAttribute("role", "button");
      c.setAttribute("aria-pressed", state === "x" ? "true" : "false");
      c.setAttribute("aria-label", name + (state ? " · " + said[state] : ""));
      var title = document.createElementNS(SVG_NS, "title");
      title.textContent = c.getAttribute("aria-label");
      c.appendChild(title);
      layer.appendChild(c);
    });
  }

  // a piece of the removal step clicked: removed, then kept, then removed again
  function toggle(name) {
    if (!step) {
      return;
    }
    var offered = step.offered;
    decided[name] = decided[name] === "x" ? "k" : "x";
    if (!offered.some(agrees)) {
      var only = {};
      only[name] = decided[name];
      decided = only; // no move agrees with the earlier clicks and this one: this one counts
    }
    chosen = null;
    render();
    var again = chosen
      ? document.getElementById("move-send")
      : document.querySelector('#play-board [data-removal="' + name + '"]');
    if (again && again.focus) {
      again.focus();
    }
  }

  // ------------------------------------------------------------------ naming the choices
  // The game may declare words for its choices (the form's data-words: a piece's kind by the letter
  // its push is written with, "basic" for none, "removed", and the warning of a basic piece that
  // loses the potentials not yet in play); without them a choice is its notation.

  function words() {
    var form = document.getElementById("move-form");
    try {
      return JSON.parse((form && form.getAttribute("data-words")) || "{}");
    } catch (error) {
      return {};
    }
  }

  function actionOf(notation) {
    return notation.split(";")[0];
  }

  function parts(notation) {
    var action = notation.split(";")[0];
    var kind = /^([A-Z])[a-i][1-9]-[a-i][1-9]$/.exec(action);
    var removed = removalsOf(notation);
    if (kind) {
      return { kind: kind[1], removed: removed };
    }
    return { kind: /^[a-i][1-9]-[a-i][1-9]$/.test(action) ? "basic" : "", removed: removed };
  }

  function picture(letter) {
    var svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 20 20");
    svg.setAttribute("width", "20");
    svg.setAttribute("height", "20");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "kind-picture");
    var disc = document.createElementNS(SVG_NS, "circle");
    disc.setAttribute("cx", "10");
    disc.setAttribute("cy", "10");
    disc.setAttribute("r", "8");
    disc.setAttribute("class", letter === "basic" ? "kind-disc" : "kind-disc kind-loaded");
    svg.appendChild(disc);
    if (letter !== "basic") {
      var text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("x", "10");
      text.setAttribute("y", "14");
      text.setAttribute("text-anchor", "middle");
      text.setAttribute("class", "kind-letter");
      text.textContent = letter;
      svg.appendChild(text);
    }
    return svg;
  }

  function optionButton(notation) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button button-small move-option";
    button.setAttribute("data-move", notation);
    var said = words();
    var part = parts(notation);
    if (!part.kind || !said[part.kind]) {
      button.className += " mono";
      button.textContent = notation;
      return button;
    }
    button.setAttribute("data-kind", part.kind);
    button.appendChild(picture(part.kind));
    var name = document.createElement("span");
    name.textContent = " " + said[part.kind];
    button.appendChild(name);
    if (part.removed.length) {
      var removed = document.createElement("span");
      removed.className = "small";
      removed.textContent = " · " + (said.removed || "×") + " " + part.removed.join(", ");
      button.appendChild(removed);
    }
    var code = document.createElement("span");
    code.className = "mono small muted";
    code.textContent = " " + notation;
    button.appendChild(code);
    return button;
  }

  // the pieces a choice removes, drawn on the board (the choice made, or the one pointed at)
  function previewRemovals(svg, notation) {
    svg = svg || document.querySelector("#play-board svg");
    if (!svg) {
      return;
    }
    var old = svg.querySelector("g.play-removals");
    if (old) {
      old.parentNode.removeChild(old);
    }
    if (!notation) {
      return;
    }
    var layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "play-removals");
    var r = targetRadius(svg);
    var spots = notation.indexOf(" ") >= 0 || /^[a-i][1-9]$/.test(notation) ? notation.split(" ") : removalsOf(notation);
    spots.forEach(function (name) {
      var el = pointElement(svg, name);
      if (el) {
        layer.appendChild(circle("play-removed", "", centre(el), r * 0.9));
      }
    });
    svg.appendChild(layer);
  }

  // a basic piece chosen while loaded pieces were offered: it loses the potentials not yet in play
  function warn(notation, all) {
    var warning = document.getElementById("move-warning");
    if (!warning) {
      return;
    }
    var said = words();
    var loaded = all.some(function (m) {
      var kind = parts(m.notation).kind;
      return kind && kind !== "basic" && kind !== "G" && said[kind];
    });
    var shown = Boolean(notation && said["loses potentials"] && loaded && parts(notation).kind === "basic");
    warning.textContent = shown ? said["loses potentials"] : "";
    warning.hidden = !shown;
  }

  function pointedOption(event) {
    var option = event.target && event.target.closest ? event.target.closest(".move-option") : null;
    if (option) {
      previewRemovals(null, option.getAttribute("data-move"));
    }
  }
  document.addEventListener("mouseover", pointedOption);
  document.addEventListener("focusin", pointedOption);

  function pick(name) {
    prefix.push(name);
    chosen = null;
    action = null;
    decided = {};
    askServerForPicks();
    render();
    var send = document.getElementById("move-send");
    if (chosen && send) {
      send.focus();
    }
  }

  function reset() {
    prefix = [];
    chosen = null;
    action = null;
    decided = {};
    askServerForPicks();
    render();
  }

  function choose(notation) {
    var move = moves().filter(function (m) {
      return m.notation === notation;
    })[0];
    if (!move) {
      reset();
      return;
    }
    chosen = move.notation;
    action = null;
    decided = {};
    prefix = move.points.slice();
    render();
    var send = document.getElementById("move-send");
    if (send) {
      send.focus();
    }
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) {
      return;
    }
    var target = event.target.closest("[data-target]");
    if (target && area() && area().contains(target)) {
      event.preventDefault();
      pick(target.getAttribute("data-target"));
      return;
    }
    var removal = event.target.closest("[data-removal]");
    if (removal && area() && area().contains(removal)) {
      event.preventDefault();
      toggle(removal.getAttribute("data-removal"));
      return;
    }
    var option = event.target.closest(".move-option");
    if (option && option.hasAttribute("data-action")) {
      event.preventDefault();
      var wanted = option.getAttribute("data-action");
      var having = moves().filter(function (m) {
        return startsWith(m.points, prefix) && m.points.length === prefix.length && actionOf(m.notation) === wanted;
      });
      if (having.length === 1) {
        choose(having[0].notation);
      } else {
        action = wanted;
        decided = {};
        render();
        var first = document.querySelector("#play-board [data-removal], .move-option");
        if (first && first.focus) {
          first.focus();
        }
      }
      return;
    }
    if (option) {
      event.preventDefault();
      choose(option.getAttribute("data-move"));
      return;
    }
    if (event.target.closest("#move-clear")) {
      event.preventDefault();
      reset();
    }
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target && target.getAttribute && target.getAttribute("data-target") && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      pick(target.getAttribute("data-target"));
      var first = document.querySelector("#play-board [data-target], #play-board [data-removal], .move-option, #move-send");
      if (first && first.focus) {
        first.focus();
      }
    } else if (target && target.getAttribute && target.getAttribute("data-removal") && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      toggle(target.getAttribute("data-removal"));
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "move-select") {
      if (event.target.value) {
        choose(event.target.value);
      } else {
        reset();
      }
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form && form.id === "move-form") {
      var send = document.getElementById("move-send");
      if (send) {
        send.disabled = true; // one move per click; the server refuses a second at the same ply anyway
      }
    }
  });

  // ------------------------------------------------------------------ moves asked point by point
  // A game with more moves than the page lists (PÜNCT: thousands) names the play API on the form
  // (data-picks-url) instead of listing them: for the points picked so far the page asks it which
  // points may follow and which moves end there (?picked=, next_points and picked_moves) and offers
  // those, as if the select had listed them; the move may be typed too (#move-text).
  function askServerForPicks() {
    var form = document.getElementById("move-form");
    var url = form && form.getAttribute("data-picks-url");
    served = url ? [] : null;
    if (!url) {
      return;
    }
    var head = prefix.slice();
    fetch(url + encodeURIComponent(head.join(",")), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (state) {
        if (!state || head.join(",") !== prefix.join(",")) {
          return; // a later pick asked again
        }
        served = (state.picked_moves || [])
          .map(function (notation) {
            return { notation: notation, points: head };
          })
          .concat(
            (state.next_points || []).map(function (point) {
              return { notation: "", points: head.concat([point]) };
            })
          );
        render();
      })
      .catch(function () {});
  }

  // ------------------------------------------------------------------ the clocks

  function clockText(seconds, daysFormat) {
    return window.GipfClocks.text(seconds, daysFormat); // static/js/clocks.js: the one writing
  }

  // before both first moves (games.play.aborts): the time left for the next one; at zero, ask the server
  function tickStart() {
    var due = document.getElementById("start-due");
    if (!due) {
      return;
    }
    var clocks = document.getElementById("clocks");
    var format = (clocks && clocks.getAttribute("data-days-format")) || "{days} d {hours}:{minutes}";
    var left = parseFloat(due.getAttribute("data-seconds")) - (Date.now() - loadedAt) / 1000;
    var time = due.querySelector(".start-due-time");
    if (time) {
      time.textContent = clockText(left, format);
    }
    if (left <= 0 && !due.hasAttribute("data-due")) {
      due.setAttribute("data-due", "1");
      window.setTimeout(check, 1500); // aborted, or the clock started: fetch what the server says
    }
  }

  // an event's game starting later (issue 36): the time to its start; at zero, ask the server
  function tickStarts() {
    var starts = document.getElementById("game-starts");
    if (!starts) {
      return;
    }
    var left = parseFloat(starts.getAttribute("data-seconds")) - (Date.now() - loadedAt) / 1000;
    var time = starts.querySelector(".game-starts-time");
    if (time) {
      time.textContent = clockText(Math.max(left, 0), "{days} d {hours}:{minutes}");
    }
    if (left <= 0 && !starts.hasAttribute("data-due")) {
      starts.setAttribute("data-due", "1");
      window.setTimeout(check, 500); // the game has started: its moves are offered now
    }
  }

  function tick() {
    tickStart();
    tickStarts();
    var running = document.querySelector(".clock[data-running]");
    if (!running) {
      return;
    }
    var clocks = document.getElementById("clocks");
    var format = (clocks && clocks.getAttribute("data-days-format")) || "{days} d {hours}:{minutes}";
    var left = parseFloat(running.getAttribute("data-seconds")) - (Date.now() - loadedAt) / 1000;
    var time = running.querySelector(".clock-time");
    if (time) {
      time.textContent = clockText(left, format);
    }
    if (left <= 0 && !running.hasAttribute("data-flagged")) {
      running.setAttribute("data-flagged", "1");
      running.classList.add("clock-out");
      window.setTimeout(check, 1500); // the server ends the game on time: fetch what it says
    }
  }

  // ------------------------------------------------------------------ live

  function note(kind) {
    var el = document.getElementById("live-note");
    if (el) {
      el.textContent = el.getAttribute(kind === "live" ? "data-live-text" : "data-poll-text") || "";
    }
  }

  function refresh() {
    if (refreshing) {
      return;
    }
    refreshing = true;
    fetch(window.location.pathname + window.location.search, {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    })
      .then(function (response) {
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
        var current = document.querySelector("main");
        if (fresh && current) {
          current.innerHTML = fresh.innerHTML;
          loadedAt = Date.now();
          prefix = [];
          chosen = null;
          action = null;
          decided = {};
          askServerForPicks();
          render();
          tick();
          note(polling ? "poll" : "live");
          document.dispatchEvent(new CustomEvent("play:updated", { detail: { ply: currentPly() } }));
        }
      })
      .catch(function () {
        /* the next event or poll tries again */
      })
      .then(function () {
        refreshing = false;
      });
  }

  function check() {
    var el = area();
    var url = el && el.getAttribute("data-state-url");
    if (!url) {
      return;
    }
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (state) {
        var start = document.getElementById("play-start");
        var changed =
          start &&
          (String(state && state.takeback_by ? 1 : 0) !== (start.getAttribute("data-takeback") ? "1" : "0") ||
            (state && state.first_move_by === null) !== (start.getAttribute("data-started") === "1"));
        if (state && (state.ply !== currentPly() || (state.finished_at && !isOver()) || changed)) {
          refresh();
        }
      })
      .catch(function () {
        /* try again at the next poll */
      });
  }

  function poll() {
    if (polling) {
      return;
    }
    note("poll");
    polling = window.setInterval(function () {
      if (isOver()) {
        window.clearInterval(polling);
        return;
      }
      check();
    }, POLL_MS);
  }

  function listen() {
    var el = area();
    var url = el && el.getAttribute("data-stream-url");
    if (!url || !window.EventSource || isOver()) {
      if (!isOver()) {
        poll();
      }
      return;
    }
    var resumeFrom = el.getAttribute("data-stream-from");
    if (resumeFrom) {
      url += (url.indexOf("?") < 0 ? "?" : "&") + "lastEventId=" + encodeURIComponent(resumeFrom);
    }
    var source = new EventSource(url);
    var onEvent = function (event) {
      var data = {};
      try {
        data = JSON.parse(event.data);
      } catch (e) {
        data = {};
      }
      if (data.ply !== currentPly() || data.over) {
        refresh();
      }
    };
    source.addEventListener("move", onEvent);
    source.addEventListener("end", onEvent);
    source.addEventListener("clock", refresh); // an arbiter gave time, a clock started: the clocks changed
    source.addEventListener("draw", refresh); // a draw offered, declined or lapsed (games.play.draws)
    source.addEventListener("takeback", refresh); // a takeback asked, declined or accepted
    source.addEventListener("stream-open", function () {
      note("live");
      check(); // catch up with what happened before the stream opened (or while it was down)
    });
    source.addEventListener("stream-reset", check); // the missed events are no longer kept
    source.onerror = function () {
      if (source.readyState === 2) {
        poll(); // closed for good (no stream served here): ask every few seconds instead
      }
    };
    // a safety net: an event lost on the way (a broker restarted) is caught up within this time
    window.setInterval(function () {
      if (!polling && !isOver()) {
        check();
      }
    }, SAFETY_MS);
  }

  if (!area()) {
    return;
  }
  askServerForPicks();
  render();
  tick();
  window.setInterval(tick, 1000);
  listen();
})();
