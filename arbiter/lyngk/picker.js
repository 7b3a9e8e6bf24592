// LYNGK's move picker on the game page: the hooks of the shared picker (static/js/play.js,
// PlayPage.register), declared by arbiter/lyngk/spec.py (``script``) and served by the service.
//
// LYNGK's decisions (arbiter/lyngk/notation.py, docs/rules.md LK-2), each a ply of its own: "R" a
// claim (the colour's letter: I ivory, B blue, R red, G green, K black; it names no board point),
// "b4-c7" a whole stack moved from its point to its landing (the LYNGK points between never
// written), "pass". The points picked are a move's stack, then its landing. Here: the colours left to
// claim are offered as buttons, each by its name and its picture from the key beside the board, before
// any stack is clicked; what the next click does is said before it; the landings of the stack picked
// are lit; the board shows the stack on its landing, or the colour claimed ringed below the board; the
// decision chosen is said in words beside its notation, read off the board's stacks (their top colour
// and height: data-top, data-height).
(function () {
  "use strict";
  var page = window.PlayPage;
  if (!page) {
    return;
  }
  var CLAIMED = /^([IBRGK])$/;
  var MOVED = /^([a-i][1-9])-([a-i][1-9])$/;

  var say = page.say;

  function colour(pick, letter) {
    return say(pick.words, letter) || letter;
  }

  // the stack drawn on a point of the board (arbiter/lyngk/svg.py: g.stack[data-stack])
  function stackOn(root, point) {
    return root ? root.querySelector('g.stack[data-stack="' + point + '"]') : null;
  }

  function boardSvg() {
    return document.querySelector("#play-board svg");
  }

  function height(stack) {
    return stack ? parseInt(stack.getAttribute("data-height"), 10) || 1 : 0;
  }

  function some(pick, pattern) {
    return pick.candidates.some(function (m) {
      return pattern.test(m.notation);
    });
  }

  function prompt(pick) {
    if (pick.prefix.length === 1) {
      return say(pick.words, "to");
    }
    if (some(pick, CLAIMED)) {
      return say(pick.words, some(pick, MOVED) ? "claim or move" : "claim only");
    }
    if (some(pick, MOVED)) {
      return say(pick.words, "from");
    }
    return say(pick.words, "pass");
  }

  function targets(pick) {
    var svg = boardSvg();
    return pick.next.map(function (name) {
      var label;
      if (pick.prefix.length === 0) {
        var stack = stackOn(svg, name);
        label = say(pick.words, "target from", {
          point: name,
          colour: colour(pick, stack ? stack.getAttribute("data-top") : "?"),
          height: height(stack),
        });
      } else {
        label = say(pick.words, "target to", {
          point: name,
          total: height(stackOn(svg, pick.prefix[0])) + height(stackOn(svg, name)),
        });
      }
      return { point: name, picks: [name], label: label || name };
    });
  }

  function choice(notation, pick) {
    var claimed = CLAIMED.exec(notation);
    if (claimed) {
      var letter = claimed[1];
      var svg = boardSvg();
      var tops = svg ? svg.querySelectorAll('g.stack[data-top="' + letter + '"]').length : 0;
      return {
        name: say(pick.words, "claim", { colour: colour(pick, letter) }),
        picture: page.picture(letter),
        kind: "claim-" + letter,
        detail: say(pick.words, "claim detail", { count: tops }),
      };
    }
    if (notation === "pass") {
      return { name: say(pick.words, "said pass"), kind: "pass" };
    }
    return null;
  }

  function preview(pick, board) {
    var notation = pick.chosen || pick.pointed;
    var claimed = notation ? CLAIMED.exec(notation) : null;
    if (claimed) {
      // the colour's chip among those nobody holds yet, below the board
      var chip = board.svg.querySelector('[data-claim="' + claimed[1] + '"] circle');
      if (chip) {
        var at = [parseFloat(chip.getAttribute("cx")), parseFloat(chip.getAttribute("cy"))];
        board.circle("play-picked", at, parseFloat(chip.getAttribute("r")) + 4);
      }
      return;
    }
    var moved = notation ? MOVED.exec(notation) : null;
    if (!moved) {
      return;
    }
    var from = stackOn(board.svg, moved[1]);
    var onto = stackOn(board.svg, moved[2]);
    var a = board.at(moved[1]);
    var b = board.at(moved[2]);
    if (!from || !a || !b) {
      return;
    }
    var total = height(from) + height(onto);
    board.hide(from);
    if (onto) {
      board.hide(onto);
    }
    var copy = board.copy(from, b[0] - a[0], b[1] - a[1]);
    var badge = copy.querySelector("text.height-text");
    if (badge) {
      badge.textContent = String(total);
    } else {
      var x = b[0] + 12.5;
      var y = b[1] - 12.5;
      board.circle("height", [x, y], 7);
      board.element("text", { class: "height-text", x: x, y: y }).textContent = String(total);
    }
  }

  function describe(notation, pick) {
    var claimed = CLAIMED.exec(notation);
    if (claimed) {
      return say(pick.words, "said claim", { colour: colour(pick, claimed[1]) });
    }
    var moved = MOVED.exec(notation);
    if (moved) {
      var svg = boardSvg();
      var from = stackOn(svg, moved[1]);
      var count = height(from);
      var values = {
        colour: colour(pick, from ? from.getAttribute("data-top") : "?"),
        height: count,
        from: moved[1],
        to: moved[2],
        total: count + height(stackOn(svg, moved[2])),
      };
      return say(pick.words, count > 1 ? "said stack" : "said piece", values);
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
