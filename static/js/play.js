// The game page as a place to play (a game played on the service): picking the move on the board,
// the clocks counting down, and the page following the game live. It knows no game: what a game's
// moves mean is said by the game's own picker script (declared by its spec, a file of its package,
// loaded after this one), which fills the hooks below with PlayPage.register.
//
// The move form's select lists the legal moves in notation; each option names, in data-points, the
// points picked on the board to make it, in order (from the arbiter's legal moves, never worked out
// here). Clicking (or focusing and pressing Enter on) the offered points narrows the moves; when
// several moves share the points picked the mover is asked which, by a button each (named by the
// game's script). The chosen move is shown in notation, and in words when the game's script says
// them, and sent with the form's button. Without this file the select and the button play alone.
//
// The hooks a game's script may fill (each optional; `pick` is the state of the picking, below):
//   prompt(pick)            the words of the next click ("Click one of your rings to move it")
//   targets(pick)           the points offered, [{point, picks, label}]: a click on `point` picks the
//                           points `picks` (a row of pieces by any one of them); default: the next
//                           point of each move left, picking itself
//   forced(pick)            the points picked for the player now, as the rules leave no choice (one
//                           row to take): shown, undone with the player's click before them
//   group(notation)         the part of a move chosen first when several share the points picked
//                           (a piece's kind before its removals); default: the whole move
//   choice(notation, pick)  a button's naming: {name, picture (an element), kind, detail}; default
//                           the notation
//   removals(notation)      {points, rest}: the pieces a move removes that the mover clicks on the
//                           board (to remove, again to keep) and the move without them
//   preview(pick, board)    draws on `board` the position after the part picked (pick.notation:
//                           the move chosen or pointed at, else one of the moves left)
//   describe(notation, pick) the move in words, shown beside its notation before it is sent
//   warning(notation, pick) a warning of what the choice gives up ("" for none)
// `pick`: {game, mover (0 White, 1 Black), words, moves (all: {notation, points}), prefix (points
// picked), forced (their indices picked for the player), candidates (the moves agreeing), next
// (their next points), complete (those whose points are all picked), chosen, pointed (the choice
// pointed at), group, notation (the move chosen, pointed at, else one of those left)}.
// `board`: {svg, layer (a <g> drawn above the pieces, below the targets), radius (a tap target's),
// at(name) (a point's centre [x, y]), element(tag, attributes), circle(class, [x, y], r), hide(el),
// copy(el, dx, dy) (a copy of a piece drawn into the layer, moved), picture(code)}.
// PlayPage.picture(code): a copy of the key's drawing of a piece; PlayPage.say(words, key, values):
// a word of the game with its {placeholders} filled.
//
// Live: the game's event stream (server-sent events, data-stream-url) says when a move is stored,
// play ends, a draw is offered or answered, a takeback asked or answered; where the stream is not
// served (the embedded default answers 204) the page asks the play API every few seconds instead,
// comparing everything the page shows of the game (the ply, the end, the start, the takeback, the
// draw offer). Either way the page's content is fetched again and swapped in, without reloading
// the page. The stream starts from the page's last stored event (data-stream-from, sent as
// lastEventId); a "stream-reset" (those events are no longer kept) reads the game's state instead.
(function () {
  "use strict";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var POLL_MS = 3000;
  var SAFETY_MS = 20000;
  var loadedAt = Date.now();
  var registered = {}; // game key -> its hooks
  var started = false;
  var prefix = [];
  var forcedAt = {}; // the indices of prefix picked for the player (hook "forced")
  var chosen = null;
  var group = null; // the part chosen first (hook "group") while the rest is still to choose
  var decided = {}; // the removal step: a piece clicked on the board to remove ("x") or to keep ("k")
  var step = null; // the removal step as last drawn: the moves offered, those left, the pieces to click
  var pointed = null; // the choice pointed at (hovered, focused): previewed on the board
  var targetPicks = {}; // the points offered: what a click on each picks
  var polling = null;
  var refreshing = false;
  var served = null; // a game of thousands of moves: those the server offers for the points picked
  var refreshAgain = false; // an event came while the page was being fetched: fetch it once more

  function area() {
    return document.getElementById("play-area");
  }

  function gameKey() {
    var el = area();
    return (el && el.getAttribute("data-game")) || "";
  }

  function hooks() {
    return registered[gameKey()] || {};
  }

  function call(name, fallback) {
    var hook = hooks()[name];
    if (typeof hook !== "function") {
      return fallback;
    }
    try {
      var answer = hook.apply(null, Array.prototype.slice.call(arguments, 2));
      return answer === undefined || answer === null ? fallback : answer;
    } catch (error) {
      if (window.console) {
        window.console.error(error);
      }
      return fallback;
    }
  }

  function currentPly() {
    var el = area();
    return el ? parseInt(el.getAttribute("data-ply"), 10) : -1;
  }

  function isOver() {
    var el = area();
    return !el || el.getAttribute("data-over") === "1";
  }

  // ------------------------------------------------------------------ the moves and the picking

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

  // The game's words (the form's data-words: its spec's picker words, in the page's language).
  function words() {
    var form = document.getElementById("move-form");
    try {
      return JSON.parse((form && form.getAttribute("data-words")) || "{}");
    } catch (error) {
      return {};
    }
  }

  function groupOf(notation) {
    return String(call("group", notation, notation));
  }

  function removalsOf(notation) {
    var found = call("removals", null, notation);
    return found && found.points ? found : { points: [], rest: notation };
  }

  function snapshot(all) {
    all = all || moves();
    var candidates = all.filter(function (m) {
      return startsWith(m.points, prefix);
    });
    var next = [];
    var complete = [];
    candidates.forEach(function (m) {
      if (m.points.length > prefix.length) {
        if (next.indexOf(m.points[prefix.length]) < 0) {
          next.push(m.points[prefix.length]);
        }
      } else {
        complete.push(m);
      }
    });
    var forced = Object.keys(forcedAt).map(function (k) {
      return parseInt(k, 10);
    });
    var shown = chosen || pointed || (step && step.left.length ? step.left[0].notation : null);
    var el = area();
    return {
      game: gameKey(),
      mover: el && el.hasAttribute("data-to-move") ? parseInt(el.getAttribute("data-to-move"), 10) : null,
      words: words(),
      moves: all,
      prefix: prefix.slice(),
      forced: forced,
      candidates: candidates,
      next: next,
      complete: complete,
      chosen: chosen,
      pointed: pointed,
      group: group,
      notation: shown || (candidates.length ? candidates[0].notation : null),
    };
  }

  // the points the game picks for the player after a pick of his (hook "forced"), as long as the
  // moves still agree with them
  function applyForced() {
    for (var round = 0; round < 40 && !chosen; round++) {
      var extra = call("forced", [], snapshot());
      if (!extra || !extra.length) {
        return;
      }
      var wanted = prefix.concat(extra);
      var agree = moves().some(function (m) {
        return startsWith(m.points, wanted);
      });
      if (!agree) {
        return;
      }
      extra.forEach(function (name) {
        forcedAt[prefix.length] = true;
        prefix.push(name);
      });
    }
  }

  // ------------------------------------------------------------------ drawing on the board

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

  function svgElement(tag, attributes) {
    var el = document.createElementNS(SVG_NS, tag);
    Object.keys(attributes || {}).forEach(function (name) {
      el.setAttribute(name, String(attributes[name]));
    });
    return el;
  }

  function circle(cls, xy, r) {
    return svgElement("circle", { class: cls, cx: xy[0], cy: xy[1], r: r });
  }

  function titled(el, text) {
    var title = document.createElementNS(SVG_NS, "title");
    title.textContent = text;
    el.appendChild(title);
    return el;
  }

  // A picture of a piece from the key beside the board (the spec's pieces, data-piece-key="code").
  function picture(code) {
    var drawn = document.querySelector('.piece-key [data-piece-key="' + code + '"] svg');
    if (!drawn) {
      return null;
    }
    var copy = drawn.cloneNode(true);
    copy.setAttribute("class", "kind-picture");
    copy.setAttribute("width", "22");
    copy.setAttribute("height", "22");
    copy.setAttribute("aria-hidden", "true");
    var title = copy.querySelector("title");
    if (title) {
      title.parentNode.removeChild(title);
    }
    return copy;
  }

  function boardTools(svg, layer, r) {
    return {
      svg: svg,
      layer: layer,
      radius: r,
      at: function (name) {
        var el = pointElement(svg, name);
        return el ? centre(el) : null;
      },
      element: function (tag, attributes) {
        var el = svgElement(tag, attributes);
        layer.appendChild(el);
        return el;
      },
      circle: function (cls, xy, radius) {
        var el = circle(cls, xy, radius);
        layer.appendChild(el);
        return el;
      },
      hide: function (el) {
        if (el && el.classList) {
          el.classList.add("play-hidden");
        }
      },
      copy: function (el, dx, dy) {
        var copy = el.cloneNode(true);
        [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("*"))).forEach(function (node) {
          Array.prototype.slice.call(node.attributes || []).forEach(function (attribute) {
            if (attribute.name.indexOf("data-") === 0) {
              node.removeAttribute(attribute.name);
            }
          });
        });
        copy.classList.remove("play-hidden");
        copy.classList.add("play-preview");
        copy.setAttribute("transform", "translate(" + (dx || 0) + " " + (dy || 0) + ")");
        layer.appendChild(copy);
        return copy;
      },
      picture: picture,
    };
  }

  function freshLayer(svg, cls) {
    var old = svg.querySelector("g." + cls);
    if (old) {
      old.parentNode.removeChild(old);
    }
    var layer = svgElement("g", { class: cls });
    svg.appendChild(layer);
    return layer;
  }

  // the position after the part picked (hook "preview") and the pieces the move shown removes
  function drawPreview(svg, pick) {
    svg = svg || document.querySelector("#play-board svg");
    if (!svg) {
      return;
    }
    Array.prototype.slice.call(svg.querySelectorAll(".play-hidden")).forEach(function (el) {
      el.classList.remove("play-hidden");
    });
    var layer = freshLayer(svg, "play-preview-layer");
    var r = targetRadius(svg);
    pick = pick || snapshot();
    call("preview", null, pick, boardTools(svg, layer, r));
    var removed = pointed || chosen ? removalsOf(pointed || chosen).points : step ? step.sure : [];
    removed.forEach(function (name) {
      var el = pointElement(svg, name);
      if (el) {
        layer.appendChild(circle("play-removed", centre(el), r * 0.9));
      }
    });
    var targets = svg.querySelector("g.play-layer");
    if (targets) {
      svg.appendChild(targets); // the targets stay on top, to be clicked
    }
  }

  function render() {
    var svg = document.querySelector("#play-board svg");
    var form = document.getElementById("move-form");
    if (!svg || !form) {
      return;
    }
    var all = moves();
    var pick = snapshot(all);
    step = null;
    if (!chosen && pick.next.length === 0 && pick.complete.length > 1) {
      step = removalStep(offeredMoves(pick.complete));
      if (step && step.left.length === 1) {
        chosen = step.left[0].notation;
      }
    }
    if (!chosen && prefix.length && pick.complete.length === 1 && pick.next.length === 0) {
      chosen = pick.complete[0].notation;
    }
    pick = snapshot(all);
    var layer = freshLayer(svg, "play-layer");
    var r = targetRadius(svg);
    prefix.forEach(function (name, index) {
      var el = pointElement(svg, name);
      if (el) {
        layer.appendChild(circle(forcedAt[index] ? "play-picked play-forced" : "play-picked", centre(el), r * 0.8));
      }
    });
    targetPicks = {};
    if (!chosen) {
      var offered = call(
        "targets",
        null,
        pick
      ) || pick.next.map(function (name) {
        return { point: name, picks: [name], label: name };
      });
      offered.forEach(function (target) {
        var el = pointElement(svg, target.point);
        if (!el || !target.picks || !target.picks.length) {
          return;
        }
        targetPicks[target.point] = target.picks;
        var c = circle("play-target", centre(el), r);
        c.setAttribute("data-target", target.point);
        c.setAttribute("tabindex", "0");
        c.setAttribute("role", "button");
        c.setAttribute("aria-label", target.label || target.point);
        layer.appendChild(titled(c, target.label || target.point));
      });
    }
    if (step) {
      drawRemovalTargets(svg, layer, r);
    }
    drawPreview(svg, pick);

    var select = document.getElementById("move-select") || document.getElementById("move-text");
    if (select.tagName === "SELECT" || chosen) {
      select.value = chosen || "";
    }
    var preview = document.getElementById("move-preview");
    document.getElementById("move-preview-text").textContent = chosen || "";
    var said = document.getElementById("move-preview-words");
    if (said) {
      said.textContent = chosen ? String(call("describe", "", chosen, pick)) : "";
      said.hidden = !said.textContent;
    }
    preview.hidden = !chosen;
    document.getElementById("move-clear").hidden = !chosen && prefix.length === 0;
    var undo = document.getElementById("move-undo");
    if (undo) {
      undo.hidden = !lastOwnPick();
    }
    var hint = document.getElementById("move-hint");
    if (hint) {
      hint.textContent = chosen ? "" : String(call("prompt", hint.getAttribute("data-default-text") || "", pick));
      hint.hidden = !hint.textContent;
    }
    drawChoices(all, pick);
    var removalHint = document.getElementById("move-removal-hint");
    if (removalHint) {
      removalHint.hidden = !step || Boolean(chosen);
    }
    warn(chosen || (step ? step.left[0].notation : group), pick);
  }

  function drawChoices(all, pick) {
    var options = document.getElementById("move-options");
    var list = options.querySelector(".move-option-list");
    list.innerHTML = "";
    var complete = pick.complete;
    // a game whose moves name no points on the board is played from the list alone
    var pointedGame = all.some(function (m) {
      return m.points.length > 0;
    });
    // asked: several moves share the points picked, or one ends here while others go on, or a move
    // without points (a pass) is open before any point is picked
    var asked =
      pointedGame &&
      !chosen &&
      complete.length > 0 &&
      (complete.length > 1 || prefix.length === 0 || pick.next.length > 0);
    if (asked) {
      // step by step: first the group (one button a group), then the rest (clicked on the board, or
      // one of the choices left, each previewed when pointed at); a button a move when groups do
      // not differ
      var groups = groupsOf(complete);
      if (group === null && groups.length > 1 && groups.length < complete.length) {
        groups.forEach(function (g) {
          var button = optionButton(g, pick);
          button.setAttribute("data-action", g);
          list.appendChild(button);
        });
      } else {
        (step ? step.left : offeredMoves(complete)).forEach(function (m) {
          list.appendChild(optionButton(m.notation, pick));
        });
      }
    }
    options.hidden = !asked;
  }

  // ------------------------------------------------------------------ the removal step
  // When the moves left differ only in the pieces they remove (hook "removals"), the pieces that make
  // the difference are clicked on the board: once to remove, again to keep. The pieces every move
  // left removes are drawn removed; the move is chosen once one move alone agrees with the clicks.
  // The buttons of the moves left stay below, for the keyboard and as a shortcut.

  function groupsOf(complete) {
    var groups = [];
    complete.forEach(function (m) {
      var g = groupOf(m.notation);
      if (groups.indexOf(g) < 0) {
        groups.push(g);
      }
    });
    return groups;
  }

  // the moves offered once the group is known (all of them while the groups do not differ)
  function offeredMoves(complete) {
    var groups = groupsOf(complete);
    if (group === null && groups.length > 1) {
      return groups.length < complete.length ? [] : complete;
    }
    return complete.filter(function (m) {
      return group === null || groupOf(m.notation) === group;
    });
  }

  function agrees(m) {
    var removed = removalsOf(m.notation).points;
    return Object.keys(decided).every(function (name) {
      return (removed.indexOf(name) >= 0) === (decided[name] === "x");
    });
  }

  function removalStep(offered) {
    if (offered.length < 2 || typeof hooks().removals !== "function") {
      return null;
    }
    var shape = removalsOf(offered[0].notation).rest;
    var same = offered.every(function (m) {
      return removalsOf(m.notation).rest === shape;
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
      removalsOf(m.notation).points.forEach(function (name) {
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
      var c = circle("play-removal" + (state ? " play-removal-" + state : ""), centre(el), r);
      c.setAttribute("data-removal", name);
      c.setAttribute("tabindex", "0");
      c.setAttribute("role", "button");
      c.setAttribute("aria-pressed", state === "x" ? "true" : "false");
      c.setAttribute("aria-label", name + (state ? " · " + said[state] : ""));
      layer.appendChild(titled(c, c.getAttribute("aria-label")));
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

  function optionButton(notation, pick) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button button-small move-option";
    button.setAttribute("data-move", notation);
    var named = call("choice", null, notation, pick);
    if (!named || !named.name) {
      button.className += " mono";
      button.textContent = notation;
      return button;
    }
    if (named.kind) {
      button.setAttribute("data-kind", named.kind);
    }
    if (named.picture) {
      button.appendChild(named.picture);
    }
    var name = document.createElement("span");
    name.className = "move-option-name";
    name.textContent = " " + named.name;
    button.appendChild(name);
    if (named.detail) {
      var detail = document.createElement("span");
      detail.className = "small";
      detail.textContent = " · " + named.detail;
      button.appendChild(detail);
    }
    var code = document.createElement("span");
    code.className = "mono small muted";
    code.textContent = " " + notation;
    button.appendChild(code);
    return button;
  }

  function warn(notation, pick) {
    var warning = document.getElementById("move-warning");
    if (!warning) {
      return;
    }
    var text = notation ? String(call("warning", "", notation, pick)) : "";
    warning.textContent = text;
    warning.hidden = !text;
  }

  function pointedOption(event) {
    var option = event.target && event.target.closest ? event.target.closest(".move-option") : null;
    if (option && area() && area().contains(option) && !option.hasAttribute("data-action")) {
      pointed = option.getAttribute("data-move");
      drawPreview(null);
    }
  }
  function leftOption(event) {
    var option = event.target && event.target.closest ? event.target.closest(".move-option") : null;
    if (option && pointed !== null && !chosen) {
      pointed = null;
      drawPreview(null);
    }
  }
  document.addEventListener("mouseover", pointedOption);
  document.addEventListener("focusin", pointedOption);
  document.addEventListener("mouseout", leftOption);

  // ------------------------------------------------------------------ the player's clicks

  function clear() {
    chosen = null;
    group = null;
    decided = {};
    pointed = null;
  }

  function pick(name) {
    var picks = targetPicks[name] || [name];
    picks.forEach(function (point) {
      prefix.push(point);
    });
    clear();
    askServerForPicks();
    applyForced();
    render();
    var send = document.getElementById("move-send");
    if (chosen && send) {
      send.focus();
    }
  }

  // the index in prefix of the player's own last pick (the forced ones after it go with it)
  function lastOwnPick() {
    for (var i = prefix.length - 1; i >= 0; i--) {
      if (!forcedAt[i]) {
        return i + 1;
      }
    }
    return 0;
  }

  function undo() {
    var keep = lastOwnPick() - 1;
    if (keep < 0) {
      return;
    }
    prefix = prefix.slice(0, keep);
    Object.keys(forcedAt).forEach(function (k) {
      if (parseInt(k, 10) >= keep) {
        delete forcedAt[k];
      }
    });
    clear();
    render();
  }

  function reset() {
    prefix = [];
    forcedAt = {};
    clear();
    askServerForPicks();
    applyForced();
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
    var before = prefix.length;
    if (!startsWith(move.points, prefix)) {
      forcedAt = {};
      before = 0;
    }
    prefix = move.points.slice();
    Object.keys(forcedAt).forEach(function (k) {
      if (parseInt(k, 10) >= before) {
        delete forcedAt[k];
      }
    });
    clear();
    chosen = move.notation;
    render();
    var send = document.getElementById("move-send");
    if (send) {
      send.focus();
    }
  }

  function chooseGroup(wanted) {
    var having = moves().filter(function (m) {
      return startsWith(m.points, prefix) && m.points.length === prefix.length && groupOf(m.notation) === wanted;
    });
    if (having.length === 1) {
      choose(having[0].notation);
      return;
    }
    group = wanted;
    decided = {};
    render();
    var first = document.querySelector("#play-board [data-removal], .move-option");
    if (first && first.focus) {
      first.focus();
    }
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !area()) {
      return;
    }
    var target = event.target.closest("[data-target]");
    if (target && area().contains(target)) {
      event.preventDefault();
      pick(target.getAttribute("data-target"));
      return;
    }
    var removal = event.target.closest("[data-removal]");
    if (removal && area().contains(removal)) {
      event.preventDefault();
      toggle(removal.getAttribute("data-removal"));
      return;
    }
    var option = event.target.closest(".move-option");
    if (option && area().contains(option)) {
      event.preventDefault();
      if (option.hasAttribute("data-action")) {
        chooseGroup(option.getAttribute("data-action"));
      } else {
        choose(option.getAttribute("data-move"));
      }
      return;
    }
    if (event.target.closest("#move-clear")) {
      event.preventDefault();
      reset();
    } else if (event.target.closest("#move-undo")) {
      event.preventDefault();
      undo();
    }
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var enter = event.key === "Enter" || event.key === " ";
    if (!enter || !target || !target.getAttribute) {
      return;
    }
    if (target.getAttribute("data-target")) {
      event.preventDefault();
      pick(target.getAttribute("data-target"));
      var first = document.querySelector(
        "#play-board [data-target], #play-board [data-removal], .move-option, #move-send"
      );
      if (first && first.focus) {
        first.focus();
      }
    } else if (target.getAttribute("data-removal")) {
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
  // A game with more moves than the page lists (thousands) names the play API on the form
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
    return window.PlayClocks.text(seconds, daysFormat); // static/js/clocks.js: the one writing
  }

  // the clocks' format of days ("{days} d {hours}:{minutes}" unless the page says otherwise)
  function daysFormat() {
    var clocks = document.getElementById("clocks");
    return (clocks && clocks.getAttribute("data-days-format")) || "{days} d {hours}:{minutes}";
  }

  // an element counting its data-seconds down from the page's load, shown in its child `shown`
  // (never below zero where `floored`); true once, when it reaches zero (then marked with `mark`)
  function countDown(element, shown, format, floored, mark) {
    var left = parseFloat(element.getAttribute("data-seconds")) - (Date.now() - loadedAt) / 1000;
    var time = element.querySelector(shown);
    if (time) {
      time.textContent = clockText(floored ? Math.max(left, 0) : left, format);
    }
    if (left > 0 || element.hasAttribute(mark)) {
      return false;
    }
    element.setAttribute(mark, "1");
    return true;
  }

  // before both first moves (games.play.aborts): the time left for the next one; at zero, ask the server
  function tickStart() {
    var due = document.getElementById("start-due");
    if (due && countDown(due, ".start-due-time", daysFormat(), false, "data-due")) {
      window.setTimeout(check, 1500); // aborted, or the clock started: fetch what the server says
    }
  }

  // an event's game starting later (issue 36): the time to its start; at zero, ask the server
  function tickStarts() {
    var starts = document.getElementById("game-starts");
    if (starts && countDown(starts, ".game-starts-time", "{days} d {hours}:{minutes}", true, "data-due")) {
      window.setTimeout(check, 500); // the game has started: its moves are offered now
    }
  }

  function tick() {
    tickStart();
    tickStarts();
    var running = document.querySelector(".clock[data-running]");
    if (running && countDown(running, ".clock-time", daysFormat(), false, "data-flagged")) {
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

  // One fetch at a time; an event that comes while one is on its way fetches once more after it (the
  // page fetched may have been made before that event's move: dropping the event left the page a
  // move behind until the safety net, up to SAFETY_MS later).
  function refresh() {
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = true;
    refreshAgain = false;
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
          reset();
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
        if (refreshAgain) {
          refresh();
        }
      });
  }

  // What the page shows of the game, as the play API says it (ServiceGameSerializer's fields): a
  // difference means the page is behind.
  function shown() {
    var start = document.getElementById("play-start");
    var draw = document.getElementById("draw-state");
    return {
      ply: currentPly(),
      over: isOver(),
      takeback: Boolean(start && start.getAttribute("data-takeback")),
      started: Boolean(start && start.getAttribute("data-started") === "1"),
      draw: draw ? draw.getAttribute("data-offer") || "" : null,
    };
  }

  function behind(state) {
    var page = shown();
    if (state.ply !== page.ply || Boolean(state.finished_at) !== page.over) {
      return true;
    }
    if (document.getElementById("play-start")) {
      if (Boolean(state.takeback_by) !== page.takeback || (state.first_move_by === null) !== page.started) {
        return true;
      }
    }
    return page.draw !== null && (state.draw_offer || "") !== page.draw;
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
        if (state && behind(state)) {
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

  // ------------------------------------------------------------------ the game's script

  window.PlayPage = {
    // register(hooks): the hooks of the page's game (its script is loaded on its game's pages
    // alone); register(games, hooks): of the games named (a game key or a list of them). The hooks
    // are listed at the top of this file.
    register: function (games, given) {
      if (given === undefined) {
        given = games;
        games = gameKey();
      }
      [].concat(games).forEach(function (key) {
        registered[key] = given || {};
      });
      if (started && [].concat(games).indexOf(gameKey()) >= 0) {
        reset();
      }
    },
    picture: picture,
    words: words,
    // the game's word ``key`` with its {placeholders} filled: say(pick.words, "said move", {from: "e5"})
    say: function (given, key, values) {
      var text = (given && given[key]) || "";
      Object.keys(values || {}).forEach(function (name) {
        text = text.split("{" + name + "}").join(String(values[name]));
      });
      return text;
    },
  };

  function begin() {
    if (started || !area()) {
      return;
    }
    started = true;
    askServerForPicks();
    applyForced();
    render();
    tick();
    window.setInterval(tick, 1000);
    listen();
  }

  // the game's script (loaded after this one, deferred too) registers before the document is ready
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", begin);
  } else {
    window.setTimeout(begin, 0);
  }
})();
