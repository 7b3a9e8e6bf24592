// DVONN's move picker on the game page: the hooks of the shared picker (static/js/play.js,
// PlayPage.register), declared by arbiter/dvonn/spec.py (``script``) and served by the service.
//
// DVONN's moves (arbiter/dvonn/notation.py): "g2" a piece placed (the first three placements are the
// DVONN pieces), "a2-b2" a stack moved onto another (as many spaces as it is high, in a straight
// line), "pass". The points picked are the space placed on, or from and to. Here: what the next
// click does is said before it; the board shows the stack moved onto the other; the move chosen is
// said in words beside its notation.
(function () {
  "use strict";
  var page = window.PlayPage;
  if (!page) {
    return;
  }
  var MOVED = /^([a-k][1-5])-([a-k][1-5])$/;
  var PLACED = /^([a-k][1-5])$/;
  var DVONN_PIECES = 3;

  var say = page.say;

  // the DVONN pieces on the board (a stack holding one is marked data-dvonn="yes")
  function dvonnPieces() {
    return document.querySelectorAll('#play-board g.stack[data-dvonn="yes"]').length;
  }

  function placing(pick) {
    return pick.candidates.some(function (m) {
      return PLACED.test(m.notation);
    });
  }

  function prompt(pick) {
    if (placing(pick)) {
      return say(pick.words, dvonnPieces() < DVONN_PIECES ? "place dvonn" : "place");
    }
    if (!pick.candidates.some(function (m) { return MOVED.test(m.notation); })) {
      return say(pick.words, "pass");
    }
    return say(pick.words, pick.prefix.length ? "to" : "from");
  }

  function targets(pick) {
    var key = placing(pick) ? "target place" : pick.prefix.length ? "target to" : "target from";
    return pick.next.map(function (name) {
      return { point: name, picks: [name], label: say(pick.words, key, { point: name }) || name };
    });
  }

  function preview(pick, board) {
    var notation = pick.chosen || pick.pointed;
    var moved = notation ? MOVED.exec(notation) : null;
    if (!moved) {
      var placed = notation ? PLACED.exec(notation) : null;
      var here = placed ? board.at(placed[1]) : null;
      if (here) {
        var kind = dvonnPieces() < DVONN_PIECES ? "dvonn" : pick.mover === 1 ? "black" : "white";
        board.circle(kind + " play-preview", here, 15);
      }
      return;
    }
    var from = board.svg.querySelector('g.stack[data-space="' + moved[1] + '"]');
    var onto = board.svg.querySelector('g.stack[data-space="' + moved[2] + '"]');
    var a = board.at(moved[1]);
    var b = board.at(moved[2]);
    if (!from || !a || !b) {
      return;
    }
    board.hide(from);
    if (onto) {
      board.hide(onto);
    }
    var copy = board.copy(from, b[0] - a[0], b[1] - a[1]);
    var height = parseInt(from.getAttribute("data-height"), 10) + (onto ? parseInt(onto.getAttribute("data-height"), 10) : 0);
    var text = copy.querySelector("text");
    if (text) {
      text.textContent = String(height);
    } else {
      var top = from.classList.contains("white") ? "white" : from.classList.contains("black") ? "black" : "dvonn";
      var written = board.element("text", { class: "height on-" + top, x: b[0], y: b[1] });
      written.textContent = String(height);
    }
  }

  function describe(notation, pick) {
    var moved = MOVED.exec(notation);
    if (moved) {
      return say(pick.words, "said move", { from: moved[1], to: moved[2] });
    }
    if (PLACED.test(notation)) {
      return say(pick.words, "said place", { point: notation });
    }
    return notation === "pass" ? say(pick.words, "said pass") : "";
  }

  function choice(notation, pick) {
    return notation === "pass" ? { name: say(pick.words, "said pass"), kind: "pass" } : null;
  }

  page.register({
    prompt: prompt,
    targets: targets,
    preview: preview,
    describe: describe,
    choice: choice,
  });
})();
