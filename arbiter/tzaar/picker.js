// TZAAR's move picker on the game page: the hooks of the shared picker (static/js/play.js,
// PlayPage.register), declared by arbiter/tzaar/spec.py (``script``) and served by the service.
//
// TZAAR's moves (arbiter/tzaar/notation.py): "wT@a1" a piece placed (a placement start: White's
// Tzaar on a1; T Tzaar, Z Tzarra, O Tott), "c4xc5" a capture, "d2+d4" a stack onto one's own piece,
// "pass" (a turn's second move given up). The points picked are the space placed on, or from and
// to. Here: what the next click does is said before it (place, capture, the second move's three
// kinds); a placement's piece is chosen by its name and picture (the key beside the board); the
// board shows the stack moved, the piece captured or stacked onto, the piece placed; the move chosen
// is said in words beside its notation.
(function () {
  "use strict";
  var page = window.PlayPage;
  if (!page) {
    return;
  }
  var PLACED = /^([wb])([TZO])@([a-i][1-9])$/;
  var MOVED = /^([a-i][1-9])([x+])([a-i][1-9])$/;

  var say = page.say;

  function placing(pick) {
    return pick.candidates.some(function (m) {
      return PLACED.test(m.notation);
    });
  }

  function prompt(pick) {
    if (placing(pick)) {
      return say(pick.words, pick.prefix.length ? "place type" : "place");
    }
    var moved = pick.candidates.filter(function (m) {
      return MOVED.test(m.notation);
    });
    if (pick.prefix.length === 1) {
      var stacks = moved.some(function (m) {
        return MOVED.exec(m.notation)[2] === "+";
      });
      return say(pick.words, stacks ? "to second" : "to capture");
    }
    var second = moved.some(function (m) {
      return MOVED.exec(m.notation)[2] === "+";
    }) || pick.candidates.some(function (m) {
      return m.notation === "pass";
    });
    return say(pick.words, second ? "second" : "capture");
  }

  function targets(pick) {
    return pick.next.map(function (name) {
      var label = name;
      if (placing(pick)) {
        label = say(pick.words, "target place", { point: name });
      } else if (pick.prefix.length === 0) {
        label = say(pick.words, "target from", { point: name });
      } else {
        var move = pick.candidates.filter(function (m) {
          return m.points[1] === name;
        })[0];
        var kind = move && MOVED.test(move.notation) ? MOVED.exec(move.notation)[2] : "x";
        label = say(pick.words, kind === "+" ? "target stack" : "target capture", { point: name });
      }
      return { point: name, picks: [name], label: label || name };
    });
  }

  // the picture of a type from the key beside the board, in the mover's colour
  function drawing(type, colour) {
    var found = document.querySelector('.piece-key [data-piece-key="' + type + '"] svg g');
    if (!found) {
      return null;
    }
    var copy = found.cloneNode(true);
    if (colour === "b") {
      [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("*"))).forEach(function (el) {
        if (el.classList.contains("white")) {
          el.classList.remove("white");
          el.classList.add("black");
        }
      });
    }
    return copy;
  }

  function choice(notation, pick) {
    var placed = PLACED.exec(notation);
    if (placed) {
      var svg = page.picture(placed[2]);
      if (svg && placed[1] === "b") {
        var inner = svg.querySelector("g");
        var swapped = drawing(placed[2], "b");
        if (inner && swapped) {
          inner.parentNode.replaceChild(swapped, inner);
        }
      }
      return { name: say(pick.words, placed[2]), picture: svg, kind: placed[2] };
    }
    if (notation === "pass") {
      return { name: say(pick.words, "pass"), kind: "pass" };
    }
    return null;
  }

  function preview(pick, board) {
    var notation = pick.chosen || pick.pointed;
    var placed = notation ? PLACED.exec(notation) : null;
    if (placed) {
      var here = board.at(placed[3]);
      var piece = drawing(placed[2], placed[1]);
      if (here && piece) {
        piece.setAttribute("transform", "translate(" + here[0] + " " + here[1] + ")");
        piece.classList.add("play-preview");
        board.layer.appendChild(piece);
      }
      return;
    }
    var moved = notation ? MOVED.exec(notation) : null;
    if (!moved) {
      return;
    }
    var from = board.svg.querySelector('g.stack[data-space="' + moved[1] + '"]');
    var onto = board.svg.querySelector('g.stack[data-space="' + moved[3] + '"]');
    var a = board.at(moved[1]);
    var b = board.at(moved[3]);
    if (!from || !a || !b) {
      return;
    }
    board.hide(from);
    if (onto) {
      board.hide(onto);
      if (moved[2] === "x") {
        board.circle("play-removed", b, board.radius);
      }
    }
    board.copy(from, b[0] - a[0], b[1] - a[1]);
  }

  function describe(notation, pick) {
    var placed = PLACED.exec(notation);
    if (placed) {
      return say(pick.words, "said place", { piece: say(pick.words, placed[2]), point: placed[3] });
    }
    var moved = MOVED.exec(notation);
    if (moved) {
      return say(pick.words, moved[2] === "+" ? "said stack" : "said capture", { from: moved[1], to: moved[3] });
    }
    return notation === "pass" ? say(pick.words, "said pass") : "";
  }

  page.register({
    prompt: prompt,
    targets: targets,
    choice: choice,
    preview: preview,
    describe: describe,
  });
})();
